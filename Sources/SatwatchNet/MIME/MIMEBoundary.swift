/// Boundaries for multipart bodies (RFC 2046 §5.1.1): a mail with an inline image, a
/// `multipart/form-data` upload. A boundary must not occur in any part, or the receiver would
/// end the part there.
package enum MIMEBoundary {
    /// What every boundary starts with: `-` is not in the base64 alphabet, so it never occurs in
    /// a base64 part, and the hex that follows makes it unlikely anywhere else.
    static let prefix = "satwatch-"

    /// `satwatch-` and 16 hex digits of the parts' FNV-1a hash: the same parts always get the same
    /// boundary (rendering stays pure, tests compare bytes). On the rare part that holds the
    /// candidate, the hash is salted with a counter until one occurs in none of them.
    package static func make(for parts: [[UInt8]]) -> String {
        firstFree((0...).lazy.map { candidate(for: parts, salt: $0) }, parts: parts)
    }

    /// The first of `candidates` that occurs in none of `parts`.
    static func firstFree(_ candidates: some Sequence<String>, parts: [[UInt8]]) -> String {
        for candidate in candidates where !parts.contains(where: { occurs(Array(candidate.utf8), in: $0) }) {
            return candidate
        }
        preconditionFailure("the candidates ran out")
    }

    /// The boundary made from the parts' hash with `salt` mixed in.
    static func candidate(for parts: [[UInt8]], salt: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        for byte in String(salt).utf8 { mix(byte) }
        for part in parts {
            mix(0)  // a separator: ["ab", "c"] and ["a", "bc"] hash apart
            for byte in part { mix(byte) }
        }
        let digits = String(hash, radix: 16)
        return prefix + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `needle` occurs in `haystack` (a plain scan: parts are kilobytes, a mismatch is
    /// found at the first byte almost everywhere).
    static func occurs(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
