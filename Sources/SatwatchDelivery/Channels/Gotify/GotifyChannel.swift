import SatwatchBase
import SatwatchJSON

/// `{"type": "gotify", "url": "https://gotify.example.com", "token": "…"}`: pushes to a Gotify
/// server (gotify.net), its documented API: `POST <url>/message` with the application token in the
/// `X-Gotify-Key` header (kept out of the URL and so out of any proxy's log) and the JSON body
/// `{"title", "message", "priority"}`. Priority 8 while firing (Gotify's Android app rings and
/// pops it up from 8), 4 once resolved (a quiet notification). The message is plain text, as
/// Gotify shows it unless told it is Markdown, so nothing needs escaping; it is cut visibly at
/// `messageLimit`, keeping the silence link whole.
/// Keys: `url` (required; the server's base URL), `token` (required, secret: an application's
/// token), `time_zone` (the times people read; default UTC), `timeout`, `ca_file`.
package struct GotifyChannel: HTTPChannel, ChannelType {
    package static let typeName = "gotify"
    /// The longest message sent, in UTF-16 units: Gotify sets no limit of its own, a phone shows far less.
    static let messageLimit = 4000
    /// The priorities of a firing and a resolved message.
    static let firingPriority = 8, resolvedPriority = 4

    package let name: String
    let base: ChannelURL
    let token: String
    let network: NetworkSettings
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "gotify \(base.hostAndPort)" }
    package var secrets: [String] { [token] + base.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let base = ChannelURL.read("url", &settings, context: context)
        let token = settings.string("token", required: true)
        if token?.isEmpty == true { settings.report("token", "\"token\" must not be empty") }
        let network = NetworkSettings.read(&settings, context: context)
        let time = settings.displayTime()
        guard let base, let token, !token.isEmpty, let time else { return nil }
        return GotifyChannel(name: name, base: base, token: token, network: network, time: time)
    }

    /// The POST for `group`: a lone notification's message with its values, or each member's
    /// headline and values (as many as fit, and a count of the rest) under a title counting them.
    func request(for group: NotificationGroup) -> ChannelRequest {
        let (title, text) = NotificationText.plain(group, limit: Self.messageLimit, in: .utf16, time: time)
        let priority = group.status == .firing ? Self.firingPriority : Self.resolvedPriority
        let payload: JSONValue = ["title": .string(title), "message": .string(text), "priority": .number(Double(priority))]
        return .json(Self.messageURL(base), payload, headers: [.init(name: "X-Gotify-Key", value: token)])
    }

    /// `<url>/message`, whether or not the configured URL ends in a slash (a server under a
    /// path, `https://example.com/gotify`, keeps it).
    static func messageURL(_ base: ChannelURL) -> String {
        (base.text.hasSuffix("/") ? String(base.text.dropLast()) : base.text) + "/message"
    }
}
