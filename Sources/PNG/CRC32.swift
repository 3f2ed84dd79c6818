/// CRC-32 as PNG chunks (and zip, gzip) use it: polynomial 0xEDB88320 (reflected), initial
/// value and final XOR 0xFFFFFFFF, computed a byte at a time from a 256-entry table.
enum CRC32 {
    /// The remainder of every byte value, computed once.
    static let table: [UInt32] = (0..<256).map { byte in
        var crc = UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    /// The CRC-32 of `bytes`; pass an earlier result as `continuing` to checksum data given in parts.
    static func checksum(_ bytes: some Sequence<UInt8>, continuing previous: UInt32 = 0) -> UInt32 {
        var crc = ~previous
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }
}
