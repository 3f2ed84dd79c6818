import SatwatchJSON

/// `{"type": "slack", "url": …}`: posts to a Slack incoming webhook. `text` carries the headline
/// (what notifications and clients without attachments show); one attachment adds a colour bar
/// (red firing, green resolved) and the facts as fields. Slack cuts `text` beyond 40,000
/// characters itself; satwatch cuts it first, visibly.
/// Keys: `url` (required, secret), `timeout`, `ca_file`.
public struct SlackChannel: HTTPChannel, ChannelType {
    public static let typeName = "slack"
    /// Slack's `text` limit, in characters.
    static let textLimit = 40_000

    public let name: String
    let url: ChannelURL
    let network: NetworkSettings

    public var summary: String { "slack \(url.hostAndPort)" }
    public var secrets: [String] { url.secrets }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { SlackChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `notification`.
    func request(for notification: Notification) -> ChannelRequest {
        .json(url.text, Self.payload(for: notification))
    }

    /// `{"text": …, "attachments": [{"color": …, "fields": […]}]}`.
    static func payload(for notification: Notification) -> JSONValue {
        let text = TextLimit.truncate(escape(NotificationText.headline(notification)), to: textLimit, in: .utf16)
        let fields = NotificationText.facts(notification).map { title, value -> JSONValue in
            ["title": .string(title), "value": .string(escape(value)), "short": true]
        }
        let color = notification.status == .firing ? "#d63232" : "#2eb67d"
        return ["text": .string(text), "attachments": [["color": .string(color), "fields": .list(fields)]]]
    }

    /// Slack reads `&`, `<` and `>` as markup (`<url|link>`, `<!channel>`); these three must be
    /// sent as entities so a message shows literally and cannot ping a channel.
    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    /// Slack allows about one message a second per incoming webhook.
    public var rateLimit: RateLimit? { RateLimit(1, per: .seconds(1)) }
}
