/// Number formatting for the table, without Foundation.
enum Format {
    static func millions(_ value: Double) -> String { fixed(value / 1e6, 2) }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int64(scaled / scale)
        let fraction = Int64(abs(scaled.truncatingRemainder(dividingBy: scale)))
        guard decimals > 0 else { return String(whole) }
        let digits = String(fraction)
        let sign = value < 0 && whole == 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
