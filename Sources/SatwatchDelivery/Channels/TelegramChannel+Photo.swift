import SatwatchJSON
import SatwatchRules

extension TelegramChannel {
    /// The Bot API's limit on a photo sent as a file (10 MB).
    static let photoLimit = 10_000_000
    /// The Bot API's `caption` limit, in UTF-16 units like `text`'s.
    static let captionLimit = 1024
    /// The least room a caption keeps for the headline before it gives up keeping the values
    /// and the silence link whole.
    static let minimumHeadline = 80

    /// `POST <url>/bot<token>/sendPhoto` as `multipart/form-data`: `chat_id`, `photo` (the chart)
    /// and `caption`. One request, so a retry resends the photo and its text together.
    func photoRequest(for notification: Notification, extras: NotificationExtras, chart: [UInt8]) -> ChannelRequest {
        let form = MultipartForm([
            .text("chat_id", Self.formValue(chatID)),
            .file("photo", filename: NotificationGroup.chartFilename, contentType: NotificationGroup.chartType, chart),
            .text("caption", Self.caption(for: notification, extras)),
        ])
        return .multipart("\(base.base)/bot\(token)/sendPhoto", form)
    }

    /// The chat text when it fits in a caption's 1024 characters. A longer one (a long templated
    /// message) cuts its headline instead of its end, so the values and the silence link, which
    /// the reader acts on, stay whole; only when they alone leave no room is the text cut at
    /// the limit like a long message.
    static func caption(for notification: Notification, _ extras: NotificationExtras) -> String {
        let full = NotificationText.chat(notification, extras)
        guard TextLimit.size(full, in: .utf16) > captionLimit else { return full }
        let tail = "\n" + NotificationText.summaryLine(notification) + (NotificationText.silenceLine(extras).map { "\n" + $0 } ?? "")
        let room = captionLimit - TextLimit.size(tail, in: .utf16)
        guard room >= minimumHeadline else { return TextLimit.truncate(full, to: captionLimit, in: .utf16) }
        return TextLimit.truncate(NotificationText.headline(notification), to: room, in: .utf16) + tail
    }

    /// `chat_id` as a form field: a whole number without a fraction, or the string.
    static func formValue(_ chatID: JSONValue) -> String {
        if let number = chatID.number { return String(Int64(number)) }
        return chatID.string ?? ""
    }
}
