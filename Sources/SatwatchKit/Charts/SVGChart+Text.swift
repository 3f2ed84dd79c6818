extension SVGChart {
    /// `text` safe inside an XML element or a quoted attribute: `& < > " '` and tab, line feed
    /// and carriage return as references; the control characters XML 1.0 does not allow (the
    /// rest of C0, U+FFFE, U+FFFF) left out. A hostile label can neither close the SVG nor make
    /// it ill-formed.
    static func escaped(_ text: String) -> String {
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

    /// A coordinate with at most one decimal (`12`, `12.5`, `-0.4`): a tenth of a pixel is
    /// finer than any screen shows, and short numbers keep a page of 100 charts small.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return sign + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
    }
}
