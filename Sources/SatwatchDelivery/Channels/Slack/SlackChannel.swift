import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "slack", "url": …}`: posts to a Slack incoming webhook. `text` carries the headline
/// (what notifications and clients without attachments show); one attachment adds a colour bar
/// (red firing, green resolved) and the facts as fields. A group is one message whose `text`
/// lists each alert, as many as fit Slack's limit, and counts the rest. Slack cuts `text`
/// beyond 40,000 characters itself; satwatch cuts it first, visibly, in the message, keeping
/// the silence link whole. What a feed wrote is escaped (`escape`), so it shows as written.
/// Keys: `url` (required, secret), `time_zone` (the times people read; default UTC), `timeout`, `ca_file`.
package struct SlackChannel: HTTPChannel, ChannelType {
    package static let typeName = "slack"
    /// Slack's `text` limit, in characters.
    static let textLimit = 40_000

    package let name: String
    let url: ChannelURL
    let network: NetworkSettings
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "slack \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let target = WebhookTarget.read(&settings, context: context)
        guard let time = settings.displayTime(), let target else { return nil }
        return SlackChannel(name: name, url: target.url, network: target.network, time: time)
    }

    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(url.text, Self.payload(for: group, time: time))
    }

    /// A lone notification as `payload(for:)` words it; several as one `text` listing each
    /// (headline and values), under a colour bar that is red while any of them fires.
    static func payload(for group: NotificationGroup, time: DisplayTime = .utc) -> JSONValue {
        if let single = group.single { return payload(for: single, extras: group.extras[0], time: time) }
        let text = TextLimit.truncate(NotificationText.groupText(group, limit: textLimit, in: .utf16, time: time, transform: escape),
                                      to: textLimit, in: .utf16)
        return ["text": .string(text), "attachments": [["color": .string(color(group.status))]]]
    }

    /// `{"text": …, "attachments": [{"color": …, "fields": […]}]}`.
    static func payload(for notification: Notification, extras: NotificationExtras = NotificationExtras(),
                        time: DisplayTime = .utc) -> JSONValue {
        let silence = NotificationText.silenceLine(notification, extras).map { "\n" + escape($0) } ?? ""
        let text = TextLimit.truncate(escape(NotificationText.headline(notification)), keeping: silence, to: textLimit, in: .utf16)
        let fields = NotificationText.facts(notification, time: time).map { title, value -> JSONValue in
            ["title": .string(title), "value": .string(escape(value)), "short": true]
        }
        return ["text": .string(text), "attachments": [["color": .string(color(notification.status)), "fields": .list(fields)]]]
    }

    /// Red while firing, green once resolved.
    static func color(_ status: Notification.Status) -> String { status == .firing ? "#d63232" : "#2eb67d" }

    /// Slack reads `&`, `<` and `>` as markup (`<url|link>`, `<!channel>`); these three must be
    /// sent as entities so a message shows literally and cannot ping a channel.
    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// Slack allows about one message a second per incoming webhook.
    package var rateLimits: [RateLimit] { [RateLimit(1, per: .seconds(1))] }
}
