/// A zlib stream (RFC 1950), as PNG's IDAT holds: a 2-byte header, the deflate data, and the
/// Adler-32 of the uncompressed bytes, most significant byte first.
enum Zlib {
    /// CMF 0x78 (deflate, 32 KiB window) and FLG 0x01 (fastest-level hint, no dictionary; the
    /// pair is a multiple of 31 as the format requires).
    static let header: [UInt8] = [0x78, 0x01]

    /// `input` as a zlib stream.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        let adler = Adler32.checksum(input)
        return header + Deflate.compress(input) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) }
    }
}
