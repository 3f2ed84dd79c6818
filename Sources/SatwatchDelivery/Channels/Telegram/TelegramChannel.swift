import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "telegram", "token": …, "chat_id": …}`: sends a plain-text message through the Bot
/// API (`POST <url>/bot<token>/sendMessage`). `text` is limited to 4096 characters (counted in
/// UTF-16 units, as Telegram does); a longer one shortens its message visibly with `…` and keeps
/// the values and the silence link whole (`NotificationText.chat`). No parse mode
/// is set, so nothing in a message needs escaping. With `"chart": true` a lone notification goes
/// as a photo (`sendPhoto`) with the text as its caption (see `TelegramChannel+Photo`).
/// Keys: `token` (required, secret), `chat_id` (required; a number such as -1001234567890 or a
/// string such as "@channel"), `url` (Bot API base, default https://api.telegram.org),
/// `chart`, `time_zone` (the times people read; default UTC), `timeout`, `ca_file`.
package struct TelegramChannel: HTTPChannel, ChannelType {
    package static let typeName = "telegram"
    package static let attachesCharts = true
    /// The Bot API's `text` limit.
    static let textLimit = 4096
    static let defaultBase = "https://api.telegram.org"

    package let name: String
    let base: ChannelURL
    let token: String
    let chatID: JSONValue
    let network: NetworkSettings
    /// `"chart": true`: each notification sent alone carries its chart.
    package let attachesChart: Bool
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "telegram \(base.hostAndPort)" }
    package var secrets: [String] { [token] + base.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let token = settings.string("token", required: true)
        if let token, !validToken(token) {
            settings.report("token", "expected a bot token like 123456789:AAE… (digits, a colon, then letters, digits, - or _)")
        }
        let chatID = readChatID(&settings)
        let base = settings.has("url") ? ChannelURL.read("url", &settings, context: context)
            : ChannelURL(defaultBase, schemes: ChannelURL.httpSchemes)
        let network = NetworkSettings.read(&settings, context: context)
        let chart = settings.bool("chart") ?? false
        let time = settings.displayTime()
        guard let token, validToken(token), let chatID, let base, let time else { return nil }
        return TelegramChannel(name: name, base: base, token: token, chatID: chatID, network: network, attachesChart: chart, time: time)
    }

    /// The POST for `group`: a photo with a caption when it carries a chart, else a message.
    func request(for group: NotificationGroup) -> ChannelRequest {
        if let single = group.single, let chart = group.chart(limit: Self.photoLimit) {
            return photoRequest(for: single, extras: group.extras[0], chart: chart)
        }
        return .json("\(base.base)/bot\(token)/sendMessage", payload(for: group))
    }

    /// `{"chat_id": …, "text": …, "link_preview_options": {"is_disabled": true}}`; a group's
    /// text lists each alert, or as many as fit and counts the rest.
    func payload(for group: NotificationGroup) -> JSONValue {
        let full = group.single.map { NotificationText.chat($0, group.extras[0], limit: Self.textLimit, in: .utf16, time: time) }
            ?? NotificationText.groupText(group, limit: Self.textLimit, in: .utf16, time: time)
        let text = TextLimit.truncate(full, to: Self.textLimit, in: .utf16)
        return ["chat_id": chatID, "text": .string(text), "link_preview_options": ["is_disabled": true]]
    }

    /// The payload for one notification on its own.
    func payload(for notification: Notification) -> JSONValue { payload(for: NotificationGroup(notification)) }

    /// `<digits>:<letters, digits, - and _>`; anything else could alter the request path.
    static func validToken(_ token: String) -> Bool {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCIIDigit) && !parts[1].isEmpty
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// `chat_id`: an integer, or a non-empty string (`@channelname`, or digits from `${VAR}`).
    private static func readChatID(_ settings: inout ConfigObject) -> JSONValue? {
        guard let member = settings.member("chat_id") else {
            settings.report(nil, "missing required key \"chat_id\"")
            return nil
        }
        if let number = member.node.number {
            guard number == number.rounded(), abs(number) < 1e15 else {
                settings.report("chat_id", "\"chat_id\" must be a whole number or a string")
                return nil
            }
            return .number(number)
        }
        guard member.node.string != nil else {
            settings.report("chat_id", "expected a number or a string, found \(member.node.typeWithArticle)")
            return nil
        }
        guard let text = settings.string("chat_id") else { return nil }
        guard !text.isEmpty else {
            settings.report("chat_id", "\"chat_id\" must not be empty")
            return nil
        }
        return .string(text)
    }

    /// Telegram allows about one message a second to any chat, and to a group or a channel 20 a
    /// minute besides.
    package var rateLimits: [RateLimit] {
        let perChat = RateLimit(1, per: .seconds(1))
        return isGroup ? [perChat, RateLimit(20, per: .minutes(1))] : [perChat]
    }

    /// Whether `chat_id` names a group or a channel, read alike from a number and a string
    /// (`"123456789"`, the README's form, is a private chat): a negative id, or an `@username`
    /// (a public channel or group). Anything else but a private chat's digits counts as a group,
    /// the stricter pace.
    var isGroup: Bool {
        if let number = chatID.number { return number < 0 }
        guard let text = chatID.string, !text.isEmpty else { return true }
        return !text.allSatisfy(\.isASCIIDigit)
    }
}

extension TelegramChannel {
    /// The Bot API's limit on a photo sent as a file (10 MB).
    static let photoLimit = 10_000_000
    /// The Bot API's `caption` limit, in UTF-16 units like `text`'s.
    static let captionLimit = 1024

    /// `POST <url>/bot<token>/sendPhoto` as `multipart/form-data`: `chat_id`, `photo` (the chart)
    /// and `caption`. One request, so a retry resends the photo and its text together.
    func photoRequest(for notification: Notification, extras: NotificationExtras, chart: [UInt8]) -> ChannelRequest {
        let form = MultipartForm([
            .text("chat_id", Self.formValue(chatID)),
            .file("photo", filename: NotificationGroup.chartFilename, contentType: NotificationGroup.chartType, chart),
            .text("caption", Self.caption(for: notification, extras, time: time)),
        ])
        return .multipart("\(base.base)/bot\(token)/sendPhoto", form)
    }

    /// The chat text when it fits in a caption's 1024 characters. A longer one (a long templated
    /// message) cuts its headline instead of its end, so the values and the silence link, which
    /// the reader acts on, stay whole (`NotificationText.chat`, as for a message); only when they
    /// alone leave no room is the text cut at the limit like a long message.
    static func caption(for notification: Notification, _ extras: NotificationExtras, time: DisplayTime = .utc) -> String {
        NotificationText.chat(notification, extras, limit: captionLimit, in: .utf16, time: time)
    }

    /// `chat_id` as a form field: a whole number without a fraction, or the string.
    static func formValue(_ chatID: JSONValue) -> String {
        if let number = chatID.number { return String(Int64(number)) }
        return chatID.string ?? ""
    }
}
