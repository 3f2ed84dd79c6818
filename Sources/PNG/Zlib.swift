import CZlib

/// A zlib stream (RFC 1950), as PNG's IDAT holds, from the system's zlib.
enum Zlib {
    /// `input` as a zlib stream at zlib's default level (charts are small: size beats speed).
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &capacity, input.baseAddress ?? Zlib.emptyInput, uLong(input.count), Z_DEFAULT_COMPRESSION)
            }
        }
        // compressBound is enough by zlib's own promise; only running out of memory fails here.
        precondition(status == Z_OK, "zlib could not compress (\(status))")
        return Array(output.prefix(Int(capacity)))
    }

    /// What an empty input points at: zlib wants an address even for no bytes.
    static var emptyInput: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }
}
