/// FNV-1a 64-bit: a stable (cross-run, cross-platform) hash for ids and digests. Swift's
/// `Hasher` is seeded per process, so it cannot be used for anything stored.
package enum StableHash {
    /// The 64-bit FNV-1a hash of the UTF-8 bytes of `text`.
    package static func value(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash as 16 lowercase hex digits.
    package static func hex(_ text: String) -> String {
        let digits = String(value(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
