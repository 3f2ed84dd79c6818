/// Base64 with the URL and filename safe alphabet, unpadded (RFC 4648 §5): a signature that
/// sits in a query string as it is.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The encoding of `bytes`, without `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let count = min(3, bytes.count - start)
            var group: UInt32 = 0
            for offset in 0..<3 { group = group << 8 | UInt32(offset < count ? bytes[start + offset] : 0) }
            for position in 0...count { output.append(alphabet[Int(group >> UInt32(18 - position * 6) & 63)]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes; nil unless it is exactly what `encode` writes: only the
    /// alphabet, no padding, no impossible length, unused trailing bits zero (so every byte
    /// string has one spelling).
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count * 3 / 4)
        var group: UInt32 = 0, bits = 0
        for digit in digits {
            let value = values[Int(digit)]
            guard value != 0xFF else { return nil }
            group = group << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
                group &= (1 << UInt32(bits)) - 1
            }
        }
        return group == 0 ? output : nil
    }
}
