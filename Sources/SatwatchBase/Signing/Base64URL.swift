/// Base64 with the URL and filename safe alphabet, unpadded (RFC 4648 §5): a signature that
/// sits in a query string as it is.
package enum Base64URL {
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in Base64.Alphabet.urlSafe.digits.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The encoding of `bytes`, without `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String { Base64.encode(bytes, alphabet: .urlSafe, padded: false) }

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
