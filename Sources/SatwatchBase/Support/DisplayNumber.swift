import SatwatchJSON

/// Numbers as people read them in messages: at most 8 significant digits, no exponent, no
/// trailing zeros (`100500`, `92284.61`, `1.6325771`, `2.704`).
package enum DisplayNumber {
    /// `value` rounded to 8 significant digits.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "n/a" : (value > 0 ? "inf" : "-inf") }
        guard value != 0 else { return "0" }
        let magnitude = Int((abs(value)).log10Floor)
        let decimals = max(0, 7 - magnitude)
        guard decimals > 0 else { return JSONNumberFormat.format(value.rounded()) }
        let scale = pow10(decimals)
        return JSONNumberFormat.format((value * scale).rounded() / scale)
    }

    /// Like `format`, with a leading `+` for positive values (`+5.2`, `-3`).
    package static func signed(_ value: Double) -> String {
        value > 0 ? "+" + format(value) : format(value)
    }

    static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}

extension Double {
    /// floor(log10(self)) for positive finite values, without Foundation.
    var log10Floor: Double {
        var exponent = 0.0
        var scaled = self
        while scaled >= 10 { scaled /= 10; exponent += 1 }
        while scaled < 1 { scaled *= 10; exponent -= 1 }
        return exponent
    }
}

/// Numbers in messages for people: thousands separated by commas and rounded to the metric's
/// precision (`MetricPrecision`), without trailing zeros (`96,123.5`, `3.2`, `0.00123456`).
extension DisplayNumber {
    /// `value` as a person reads a value of `metric`.
    package static func human(_ value: Double, metric: String) -> String {
        human(value, decimals: MetricPrecision.decimals(for: metric))
    }

    /// `value` rounded to `decimals` (nil: 8 significant digits), its whole part grouped in
    /// thousands. A value under 1 keeps at least 4 significant digits, so a small price
    /// (0.00001234 USD) never shows as 0.
    package static func human(_ value: Double, decimals: Int?) -> String {
        guard value.isFinite else { return format(value) }
        guard value != 0 else { return "0" }
        let magnitude = Int(abs(value).log10Floor)
        var places = decimals ?? max(0, 7 - magnitude)
        if magnitude < 0 { places = max(places, 3 - magnitude) }
        return grouped(fixed(value, places: places))
    }

    /// `value` with at most `places` decimals and no exponent (`-0.00001235`), trailing zeros
    /// dropped; beyond 15 digits (no fraction left to show), as `format` writes it.
    private static func fixed(_ value: Double, places: Int) -> String {
        let scaled = (abs(value) * pow10(places)).rounded()
        guard scaled < 1e15 else { return format(value) }
        var digits = String(Int64(scaled))
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
            while digits.last == "0" { digits.removeLast() }
            if digits.last == "." { digits.removeLast() }
        }
        return (value < 0 && scaled != 0 ? "-" : "") + digits
    }

    /// `-1234567.5` → `-1,234,567.5`: commas between the whole part's thousands. `text` is what
    /// `format` writes (no exponent).
    static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let whole = unsigned.prefix { $0 != "." }
        let rest = unsigned.dropFirst(whole.count)
        var digits = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { digits.append(",") }
            digits.append(digit)
        }
        return (negative ? "-" : "") + digits + rest
    }
}
