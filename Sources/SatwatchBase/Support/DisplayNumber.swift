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

    private static func pow10(_ exponent: Int) -> Double {
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
