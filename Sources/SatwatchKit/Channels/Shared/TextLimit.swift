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
        func size(_ string: some StringProtocol) -> Int { unit == .utf16 ? string.utf16.count : string.utf8.count }
        guard size(text) > limit else { return text }
        let ellipsis = "…"
        var budget = limit - size(ellipsis)
        var result = ""
        for character in text {
            let cost = size(String(character))
            guard cost <= budget else { break }
            result.append(character)
            budget -= cost
        }
        return result + ellipsis
    }
}
