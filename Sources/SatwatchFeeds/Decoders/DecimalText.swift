/// Strict reading of decimal numbers that feeds send as strings (Coinbase `price`, Coin Metrics
/// values). `Double(_: String)` alone would also accept `inf`, `nan`, hex floats and `+1`, none
/// of which a price may be, so the text is checked against the JSON number grammar first.
enum DecimalText {
    /// The value of `text` (`-?digits[.digits][(e|E)[+-]digits]`), or nil when it is not such a
    /// number or does not fit a finite `Double`.
    static func value(of text: String) -> Double? {
        var bytes = text.utf8.makeIterator()
        var byte = bytes.next()
        if byte == UInt8(ascii: "-") { byte = bytes.next() }
        func digits() -> Int {
            var count = 0
            while let b = byte, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                count += 1
                byte = bytes.next()
            }
            return count
        }
        guard digits() > 0 else { return nil }
        if byte == UInt8(ascii: ".") {
            byte = bytes.next()
            guard digits() > 0 else { return nil }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = bytes.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = bytes.next() }
            guard digits() > 0 else { return nil }
        }
        guard byte == nil, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
