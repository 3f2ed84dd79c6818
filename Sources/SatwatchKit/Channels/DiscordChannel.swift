import SatwatchJSON

/// `{"type": "discord", "url": …}`: posts to a Discord webhook. `content` is limited to 2000
/// characters; a longer message is truncated visibly (ending with `…`) rather than split, so
/// one notification stays one post and a retry never duplicates half of it. A group lists as
/// many alerts as fit in one post; the rest go in the next. Mentions are
/// disabled (`allowed_mentions`), so a message containing `@everyone` pings nobody.
/// Keys: `url` (required, secret), `timeout`, `ca_file`.
public struct DiscordChannel: HTTPChannel, ChannelType {
    public static let typeName = "discord"
    /// Discord's `content` limit.
    static let contentLimit = 2000

    public let name: String
    let url: ChannelURL
    let network: NetworkSettings

    public var summary: String { "discord \(url.hostAndPort)" }
    public var secrets: [String] { url.secrets }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { DiscordChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(url.text, Self.payload(for: group))
    }

    /// A lone notification as `payload(for:)` words it; several listed in one `content`.
    static func payload(for group: NotificationGroup) -> JSONValue {
        if let single = group.single { return payload(for: single, extras: group.extras[0]) }
        let content = TextLimit.truncate(NotificationText.groupText(group), to: contentLimit, in: .utf16)
        return ["content": .string(content), "allowed_mentions": ["parse": []]]
    }

    /// How many fit in `content`'s 2000 characters.
    public func capacity(for group: NotificationGroup) -> Int {
        NotificationText.fitting(group, limit: Self.contentLimit, in: .utf16)
    }

    /// `{"content": …, "allowed_mentions": {"parse": []}}`.
    static func payload(for notification: Notification, extras: NotificationExtras = NotificationExtras()) -> JSONValue {
        let content = TextLimit.truncate(NotificationText.chat(notification, extras), to: contentLimit, in: .utf16)
        return ["content": .string(content), "allowed_mentions": ["parse": []]]
    }

    /// Discord allows 5 requests per 2 seconds per webhook.
    public var rateLimit: RateLimit? { RateLimit(5, per: .seconds(2)) }
}
