import SatwatchBase

extension SVGChart {
    /// `text` safe inside an XML element or a quoted attribute (`MarkupText.escape`).
    static func escaped(_ text: String) -> String { MarkupText.escape(text) }

    /// A coordinate with at most one decimal (`12`, `12.5`, `-0.4`): a tenth of a pixel is
    /// finer than any screen shows, and short numbers keep a page of 100 charts small.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return sign + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
    }
}
