import CZlib

/// CRC-32 as PNG chunks (and zip, gzip) use it, from the system's zlib.
enum CRC32 {
    /// The CRC-32 of `bytes`; pass an earlier result as `continuing` to checksum data given in parts.
    static func checksum(_ bytes: some Collection<UInt8>, continuing previous: UInt32 = 0) -> UInt32 {
        Array(bytes).withUnsafeBufferPointer { bytes in
            UInt32(crc32(uLong(previous), bytes.baseAddress ?? Zlib.emptyInput, uInt(bytes.count)))
        }
    }
}
