import SatwatchJSON

/// `{"type": "teams", "url": …}`: posts an Adaptive Card to a Microsoft Teams Workflows webhook
/// (the replacement for the retired Office 365 connectors): a coloured title, the message and
/// the facts. Teams refuses messages over about 28 KB, so the message is cut at 8000 UTF-16
/// units (at most 24 KB of UTF-8).
/// Keys: `url` (required, secret), `timeout`, `ca_file`.
public struct TeamsChannel: HTTPChannel, ChannelType {
    public static let typeName = "teams"
    /// The message's share of Teams' payload limit.
    static let messageLimit = 8000

    public let name: String
    let url: ChannelURL
    let network: NetworkSettings

    public var summary: String { "teams \(url.hostAndPort)" }
    public var secrets: [String] { url.secrets }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { TeamsChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `notification`.
    func request(for notification: Notification) -> ChannelRequest {
        .json(url.text, Self.payload(for: notification))
    }

    /// `{"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "content": card}]}`.
    static func payload(for notification: Notification) -> JSONValue {
        let facts = NotificationText.facts(notification).map { title, value -> JSONValue in
            ["title": .string(title), "value": .string(value)]
        }
        let card: JSONValue = [
            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
            "type": "AdaptiveCard",
            "version": "1.4",
            "body": [
                ["type": "TextBlock", "text": .string(NotificationText.title(notification)), "weight": "Bolder",
                 "size": "Medium", "color": notification.status == .firing ? "Attention" : "Good", "wrap": true],
                ["type": "TextBlock", "text": .string(TextLimit.truncate(notification.message, to: messageLimit, in: .utf16)),
                 "wrap": true],
                ["type": "FactSet", "facts": .list(facts)],
            ],
            "msteams": ["width": "Full"],
        ]
        return ["type": "message", "attachments": [
            ["contentType": "application/vnd.microsoft.card.adaptive", "content": card],
        ]]
    }
}
