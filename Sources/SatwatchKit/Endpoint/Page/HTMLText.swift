/// Text made safe for HTML: every user-provided string on the page (rule names, labels,
/// descriptions, messages, silence comments) passes through here, in element content and in
/// quoted attribute values alike.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
