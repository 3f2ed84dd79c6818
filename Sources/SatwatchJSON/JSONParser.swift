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
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 256

    /// Parses a complete JSON text.
    package static func parse(_ text: String, positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        try withBytes(of: text) { bytes throws(JSONSyntaxError) in try parse(bytes: bytes, positions: positions) }
    }

    /// Parses a JSON text expected to be an object, building only what the caller reads, so a
    /// hostile or unexpected text costs scanning time but no memory. The whole text is checked
    /// as ``parse(_:positions:)`` checks it (same errors), without positions. Returns:
    /// - the object with only the top-level members named in `keys` built, the others' keys
    ///   listed in ``JSONPartialObject/skippedKeys``;
    /// - nil when the text is JSON but not an object, or when the kept members hold more than
    ///   `maxValues` values (nodes) in all; what was built is then dropped, the rest only checked.
    /// Unlike ``parse(_:positions:)``, an object that repeats a key is an error
    /// (``JSONSyntaxError/isDuplicateKey``): every object built, and the top level's keys. Which
    /// of two values a reader takes is a guess (most take the last, some the first), so a
    /// feed's frame that holds both says nothing for sure. Members only checked, never built,
    /// are not looked at for it: they cost no memory, and nothing reads them.
    package static func parseObject(_ text: String, keeping keys: Set<String>,
                                   maxValues: Int) throws(JSONSyntaxError) -> JSONPartialObject? {
        try withBytes(of: text) { bytes throws(JSONSyntaxError) -> JSONPartialObject? in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                throw JSONSyntaxError("unexpected end of input", at: .start)
            }
            var reader = JSONReader(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, positions: false)
            return try reader.parsePartialObject(keeping: keys, maxValues: maxValues)
        }
    }

    /// Runs `body` over the text's UTF-8 bytes, without copying a native string.
    private static func withBytes<T>(of text: String,
                                     _ body: (UnsafeRawBufferPointer) throws(JSONSyntaxError) -> T) throws(JSONSyntaxError) -> T {
        var text = text
        // Native strings are contiguous UTF-8 already; bridged or lazy ones are made so once.
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try body(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        return try Array(text.utf8).withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try body(buffer) }
        }.get()
    }

    /// Parses a complete JSON text given as UTF-8 bytes.
    package static func parse(_ bytes: [UInt8], positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try parse(bytes: buffer, positions: positions) }
        }
        return try result.get()
    }

    /// Parses a complete JSON text given as UTF-8 bytes.
    package static func parse(bytes: UnsafeRawBufferPointer, positions: Bool = true) throws(JSONSyntaxError) -> JSONNode {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONSyntaxError("unexpected end of input", at: .start)
        }
        // Raw bytes are only ever read as UInt8, which every byte's memory may be viewed as.
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        var reader = JSONReader(base: pointer, count: bytes.count, positions: positions)
        return try reader.parseDocument()
    }
}
