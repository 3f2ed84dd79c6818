/// Cuts text to a service's size limit visibly: whole characters (grapheme clusters) only,
/// ending with `…` when anything was removed, so a long message is shortened, never rejected.
enum TextLimit {
    /// How a service counts its limit.
    enum Unit {
        /// UTF-16 code units: what Telegram and Discord count (an emoji outside the BMP is 2).
        /// Counting these is never less than counting code points, so it is safe either way.
        case utf16
        /// UTF-8 bytes (ntfy's message limit).
        case utf8
    }

    /// `text` when it fits in `limit` units, else its longest prefix that fits with `…` added.
    static func truncate(_ text: String, to limit: Int, in unit: Unit) -> String {
        guard size(text, in: unit) > limit else { return text }
        let ellipsis = "…"
        var budget = limit - size(ellipsis, in: unit)
        var result = ""
        for character in text {
            let cost = size(String(character), in: unit)
            guard cost <= budget else { break }
            result.append(character)
            budget -= cost
        }
        return result + ellipsis
    }

    /// The least room `truncate(_:keeping:to:in:)` keeps for the head before it gives up keeping
    /// the tail whole.
    static let minimumHead = 80

    /// `head + tail` when it fits in `limit` units; else `head` cut to the room `tail` leaves,
    /// then `tail` whole: what a reader acts on (an alert's values, its silence link) survives a
    /// long message. Only when `tail` leaves under `minimumHead` units is the whole text cut at
    /// the limit, since a headline of a few characters says nothing.
    static func truncate(_ head: String, keeping tail: String, to limit: Int, in unit: Unit) -> String {
        let room = limit - size(tail, in: unit)
        guard size(head, in: unit) > room else { return head + tail }
        guard room >= minimumHead else { return truncate(head + tail, to: limit, in: unit) }
        return truncate(head, to: room, in: unit) + tail
    }

    /// The size of `text` as the service counts it.
    static func size(_ text: some StringProtocol, in unit: Unit) -> Int {
        unit == .utf16 ? text.utf16.count : text.utf8.count
    }
}
