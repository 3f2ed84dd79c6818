import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "discord", "url": …}`: posts to a Discord webhook. `content` is limited to 2000
/// characters; a longer message is shortened visibly (its message ends with `…`, the values and
/// the silence link stay whole) rather than split, so one notification stays one post and a
/// retry never duplicates half of it. A group lists as many alerts as fit in one post and counts
/// the rest. Discord renders Markdown in webhook posts, masked links included, so the message
/// (what a template and a feed wrote) is escaped (`escape`); mentions are disabled
/// (`allowed_mentions`), so a message containing `@everyone` pings nobody. With
/// `"chart": true` a lone notification's post carries its chart as a file: `multipart/form-data`
/// with the same JSON as `payload_json` and the PNG as `files[0]`.
/// Keys: `url` (required, secret), `chart`, `time_zone` (the times people read; default UTC), `timeout`, `ca_file`.
package struct DiscordChannel: HTTPChannel, ChannelType {
    package static let typeName = "discord"
    package static let attachesCharts = true
    /// Discord's `content` limit.
    static let contentLimit = 2000
    /// Discord's file limit for a server without boosts (8 MB; boosted servers allow more).
    static let fileLimit = 8_000_000

    package let name: String
    let url: ChannelURL
    let network: NetworkSettings
    /// `"chart": true`: each notification sent alone carries its chart.
    package let attachesChart: Bool
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "discord \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let target = WebhookTarget.read(&settings, context: context)
        let chart = settings.bool("chart") ?? false
        guard let time = settings.displayTime(), let target else { return nil }
        return DiscordChannel(name: name, url: target.url, network: target.network, attachesChart: chart, time: time)
    }

    /// The POST for `group`: the JSON payload, or with a chart the payload and the file.
    func request(for group: NotificationGroup) -> ChannelRequest {
        let payload = Self.payload(for: group, time: time)
        guard let chart = group.chart(limit: Self.fileLimit) else { return .json(url.text, payload) }
        return .multipart(url.text, MultipartForm([
            .text("payload_json", payload.jsonText(), contentType: "application/json"),
            .file("files[0]", filename: NotificationGroup.chartFilename, contentType: NotificationGroup.chartType, chart),
        ]))
    }

    /// A lone notification as `payload(for:)` words it; several listed in one `content`.
    static func payload(for group: NotificationGroup, time: DisplayTime = .utc) -> JSONValue {
        if let single = group.single { return payload(for: single, extras: group.extras[0], time: time) }
        let content = TextLimit.truncate(NotificationText.groupText(group, limit: contentLimit, in: .utf16, time: time, escaping: escape),
                                         to: contentLimit, in: .utf16)
        return ["content": .string(content), "allowed_mentions": ["parse": []]]
    }

    /// `{"content": …, "allowed_mentions": {"parse": []}}`.
    static func payload(for notification: Notification, extras: NotificationExtras = NotificationExtras(),
                        time: DisplayTime = .utc) -> JSONValue {
        let content = NotificationText.chat(notification, extras, limit: contentLimit, in: .utf16, time: time, escaping: escape)
        return ["content": .string(content), "allowed_mentions": ["parse": []]]
    }

    /// The characters Discord's Markdown gives a meaning: emphasis, strikethrough, spoilers,
    /// code, quotes, headings, lists, masked links (`[text](url)`), and the backslash itself.
    static let markup: Set<Character> = ["\\", "*", "_", "~", "`", "|", ">", "<", "[", "]", "(", ")", "#", "-"]

    /// `text` with each Markdown character backslash-escaped, so it shows as written: a feed's
    /// `[Claim](https://evil.example)` stays that text, never a link named "Claim". An address
    /// (`WebAddress`) is left as it is: Discord links it whole, and a backslash inside would
    /// become part of the address.
    static func escape(_ text: String) -> String {
        WebAddress.pieces(of: text).reduce(into: "") { result, piece in
            if piece.isAddress {
                result += piece.text
                return
            }
            for character in piece.text {
                if markup.contains(character) { result.append("\\") }
                result.append(character)
            }
        }
    }

    /// Discord allows 5 requests per 2 seconds per webhook.
    package var rateLimits: [RateLimit] { [RateLimit(5, per: .seconds(2))] }
}
