/// Query strings and form bodies (`a=1&b=x%20y`): percent-encoding values, and splitting them
/// back into names and values strictly.
package enum URLQueryEncoding {
    /// `text` with every byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`)
    /// written as `%XX` of its UTF-8, so it can stand in a query whatever it holds.
    package static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text `encoded` stands for: `%XX` escapes and `+` (a space, as HTML forms send it)
    /// decoded. Nil for a broken escape or bytes that are not UTF-8.
    static func decode(_ encoded: some StringProtocol) -> String? {
        let bytes = Array(encoded.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, let high = ASCIIHex.value(bytes[index + 1]), let low = ASCIIHex.value(bytes[index + 2]) else { return nil }
                output.append(high << 4 | low)
                index += 3
            case UInt8(ascii: "+"):
                output.append(UInt8(ascii: " "))
                index += 1
            default:
                output.append(bytes[index])
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    /// The `name=value` pairs of `query`, decoded, in order; nil when a pair has no `=` or a
    /// part does not decode. An empty query has no pairs.
    package static func pairs(_ query: some StringProtocol) -> [(name: String, value: String)]? {
        guard !query.isEmpty else { return [] }
        var result: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "="), let name = decode(pair[..<equals]),
                  let value = decode(pair[pair.index(after: equals)...]) else { return nil }
            result.append((name, value))
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

}
