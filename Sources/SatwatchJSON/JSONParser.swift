/// An RFC 8259 JSON parser over UTF-8 bytes.
///
/// With `positions: true` every node and member key carries its exact line, column (in Unicode
/// scalars) and byte offset, for configuration diagnostics. With `positions: false` (the fast
/// path for feed frames) locations hold only the byte offset, with line and column 0.
/// Errors always carry an exact line and column, whatever `positions` says.
///
/// Limits: nesting deeper than ``maximumDepth`` containers is an error, so hostile input cannot
/// exhaust the stack; numbers whose magnitude overflows a `Double` are an error. A leading UTF-8
/// byte order mark is skipped (offsets still count it; columns do not). Lines end at `"\n"`.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    /// Parses a complete JSON text.
    public static func parse(_ text: String, positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        var text = text
        // Native strings are contiguous UTF-8 already; bridged or lazy ones are made so once.
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in
                try parse(bytes: UnsafeRawBufferPointer(buffer), positions: positions)
            }
        }
        guard let result else { return try parse(Array(text.utf8), positions: positions) }
        return try result.get()
    }

    /// Parses a complete JSON text given as UTF-8 bytes.
    public static func parse(_ bytes: [UInt8], positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try parse(bytes: buffer, positions: positions) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text given as UTF-8 bytes.
    public static func parse(bytes: UnsafeRawBufferPointer, positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONSyntaxError("unexpected end of input", at: .start)
        }
        // Raw bytes are only ever read as UInt8, which every byte's memory may be viewed as.
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        var reader = JSONReader(base: pointer, count: bytes.count, positions: positions)
        return try reader.parseDocument()
    }
}
