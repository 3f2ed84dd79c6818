/// Text made safe for HTML and XML: every user-provided string on the page and in its SVG charts
/// (rule names, labels, descriptions, messages, silence comments) passes through here, in
/// element content and in quoted attribute values alike.
package enum MarkupText {
    /// `text` with `& < > " '` and tab, line feed and carriage return as references, and the
    /// control characters XML 1.0 does not allow (the rest of C0, U+FFFE, U+FFFF) left out: a
    /// hostile string can neither close an element or attribute nor make the document ill-formed.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            // As references, so an attribute keeps them (a parser turns a literal tab there into a space).
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
