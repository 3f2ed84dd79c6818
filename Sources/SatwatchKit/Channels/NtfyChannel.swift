/// `{"type": "ntfy", "url": "https://ntfy.sh/mytopic"}`: publishes to an ntfy topic. The body is
/// the message (cut to ntfy's 4096-byte message limit, beyond which ntfy would turn it into an
/// attachment); `Title`, `Priority` (4 firing, 3 resolved) and `Tags` (an emoji) are headers.
/// Keys: `url` (required; the topic URL, a secret on public servers), `token` (optional access
/// token, sent as `Authorization: Bearer`), `timeout`, `ca_file`.
public struct NtfyChannel: HTTPChannel, ChannelType {
    public static let typeName = "ntfy"
    /// ntfy's message size limit in bytes.
    static let messageLimit = 4096

    public let name: String
    let url: ChannelURL
    let token: String?
    let network: NetworkSettings

    public var summary: String { "ntfy \(url.hostAndPort)" }
    public var secrets: [String] { url.secrets + (token.map { [$0] } ?? []) }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let url = ChannelURL.read("url", &settings, context: context)
        let token = settings.string("token")
        if token?.isEmpty == true { settings.report("token", "\"token\" must not be empty (leave it out instead)") }
        let network = NetworkSettings.read(&settings, context: context)
        guard let url, token?.isEmpty != true else { return nil }
        return NtfyChannel(name: name, url: url, token: token, network: network)
    }

    /// The POST for `group`: a lone notification's message, or each member's headline and values
    /// under a title counting them.
    func request(for group: NotificationGroup) -> ChannelRequest {
        let firing = group.status == .firing
        let title = group.single.map(NotificationText.title) ?? NotificationText.groupTitle(group.notifications)
        let text = group.single.map { single in
            [single.message, NotificationText.silenceLine(group.extras[0])].compactMap { $0 }.joined(separator: "\n\n")
        } ?? NotificationText.memberTexts(group)
        var headers = [ChannelRequest.Header(name: "Content-Type", value: "text/plain; charset=utf-8"),
                       .init(name: "Title", value: title),
                       .init(name: "Priority", value: firing ? "4" : "3"),
                       .init(name: "Tags", value: firing ? "rotating_light" : "white_check_mark")]
        if let token { headers.append(.init(name: "Authorization", value: "Bearer \(token)")) }
        let body = TextLimit.truncate(text, to: Self.messageLimit, in: .utf8)
        return ChannelRequest(url: url.text, headers: headers, body: Array(body.utf8))
    }

    /// How many fit in ntfy's 4096-byte message (the title is a header, counted here anyway).
    public func capacity(for group: NotificationGroup) -> Int {
        NotificationText.fitting(group, limit: Self.messageLimit, in: .utf8)
    }
}
