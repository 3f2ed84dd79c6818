/// Adler-32, the checksum that ends a zlib stream (RFC 1950): two sums modulo 65521.
enum Adler32 {
    static let modulus: UInt32 = 65_521
    /// The most bytes that can be summed in 32 bits before the modulo must be taken (zlib's NMAX).
    static let run = 5_552

    /// The Adler-32 of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1, high: UInt32 = 0
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(start + run, bytes.count)
                for index in start..<end {
                    low &+= UInt32(bytes[index])
                    high &+= low
                }
                low %= modulus
                high %= modulus
                start = end
            }
        }
        return high << 16 | low
    }
}
