/// Base64 encoding (RFC 4648), written here so that no target needs Foundation: the standard
/// alphabet (§4) for MIME bodies and headers and the WebSocket handshake, the URL-safe one (§5)
/// for signed links, and both for the forms of a secret the redactor looks for.
package enum Base64 {
    /// One of RFC 4648's two 64-character alphabets.
    package struct Alphabet: Sendable {
        let digits: [UInt8]

        /// `A–Z a–z 0–9 + /` (§4).
        package static let standard = Alphabet(digits: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8))
        /// `A–Z a–z 0–9 - _` (§5): safe in a URL's path and query as it is.
        package static let urlSafe = Alphabet(digits: Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8))
    }

    /// The encoding of `bytes` as ASCII, `=`-padded to a multiple of four characters unless
    /// `padded` is false.
    package static func encodedBytes(_ bytes: some Collection<UInt8>, alphabet: Alphabet = .standard, padded: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next(), third = second == nil ? nil : iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            // One byte gives two digits, two give three, three give four.
            let digits = third != nil ? 4 : second != nil ? 3 : 2
            for position in 0..<digits { output.append(alphabet.digits[Int(group >> UInt32(18 - 6 * position) & 63)]) }
            if padded { output += repeatElement(UInt8(ascii: "="), count: 4 - digits) }
        }
        return output
    }

    /// `encodedBytes` as a string.
    package static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet = .standard, padded: Bool = true) -> String {
        String(decoding: encodedBytes(bytes, alphabet: alphabet, padded: padded), as: UTF8.self)
    }
}
