import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "teams", "url": …}`: posts an Adaptive Card to a Microsoft Teams Workflows webhook
/// (the replacement for the retired Office 365 connectors): a coloured title, the message and
/// the facts. Teams refuses messages over about 28 KB, so the message is cut at 8000 UTF-16
/// units (at most 24 KB of UTF-8). A TextBlock renders Markdown, masked links included, so the
/// message (what a template and a feed wrote) goes in a RichTextBlock's TextRuns, which Adaptive
/// Cards show as plain text, each address a run that opens it (`plainText`): the card's own
/// parts stay TextBlocks.
/// Keys: `url` (required, secret), `time_zone` (the times people read; default UTC), `timeout`, `ca_file`.
package struct TeamsChannel: HTTPChannel, ChannelType {
    package static let typeName = "teams"
    /// The message's share of Teams' payload limit.
    static let messageLimit = 8000

    package let name: String
    let url: ChannelURL
    let network: NetworkSettings
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "teams \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let target = WebhookTarget.read(&settings, context: context)
        guard let time = settings.displayTime(), let target else { return nil }
        return TeamsChannel(name: name, url: target.url, network: target.network, time: time)
    }

    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(url.text, Self.payload(for: group, time: time))
    }

    /// A lone notification as `payload(for:)` words it; several as one card: a title counting
    /// them, then a text block listing each alert (its headline and values), or as many as fit
    /// and a count of the rest.
    static func payload(for group: NotificationGroup, time: DisplayTime = .utc) -> JSONValue {
        if let single = group.single { return payload(for: single, extras: group.extras[0], time: time) }
        let title = NotificationText.groupTitle(group.notifications)
        let room = messageLimit - title.utf16.count - NotificationText.memberSeparator.utf16.count
        let members = TextLimit.truncate(NotificationText.groupText(group, limit: room, in: .utf16, titled: false, time: time), to: room, in: .utf16)
        return message(card: [
            ["type": "TextBlock", "text": .string(title), "weight": "Bolder",
             "size": "Medium", "color": group.status == .firing ? "Attention" : "Good", "wrap": true],
            plainText(members),
        ])
    }

    /// `{"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "content": card}]}`.
    static func payload(for notification: Notification, extras: NotificationExtras = NotificationExtras(),
                        time: DisplayTime = .utc) -> JSONValue {
        let facts = NotificationText.facts(notification, time: time).map { title, value -> JSONValue in
            ["title": .string(title), "value": .string(value)]
        }
        return message(card: [
            ["type": "TextBlock", "text": .string(NotificationText.title(notification)), "weight": "Bolder",
             "size": "Medium", "color": notification.status == .firing ? "Attention" : "Good", "wrap": true],
            plainText(TextLimit.truncate(notification.message, to: messageLimit, in: .utf16)),
            ["type": "FactSet", "facts": .list(facts)],
        ] + (NotificationText.silenceLine(notification, extras).map { [["type": "TextBlock", "text": .string($0), "wrap": true]] } ?? []))
    }

    /// `text` shown as written: a TextRun takes no Markdown, so a feed's `[text](url)` is no link.
    /// Each address (`WebAddress`) is a run of its own that opens it, since plain text links
    /// nothing and a silence link must stay one click away.
    static func plainText(_ text: String) -> JSONValue {
        let runs = WebAddress.pieces(of: text).map { piece -> JSONValue in
            let text = JSONValue.string(String(piece.text))
            return piece.isAddress ? ["type": "TextRun", "text": text, "selectAction": ["type": "Action.OpenUrl", "url": text]]
                : ["type": "TextRun", "text": text]
        }
        return ["type": "RichTextBlock", "inlines": .list(runs.isEmpty ? [["type": "TextRun", "text": ""]] : runs)]
    }

    /// The Workflows message carrying one Adaptive Card with `body`.
    private static func message(card body: [JSONValue]) -> JSONValue {
        let card: JSONValue = [
            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
            "type": "AdaptiveCard",
            "version": "1.4",
            "body": .list(body),
            "msteams": ["width": "Full"],
        ]
        return ["type": "message", "attachments": [
            ["contentType": "application/vnd.microsoft.card.adaptive", "content": card],
        ]]
    }
}
