extension SourceLocation {
    /// The location of the character at `offset` (in Unicode scalars of the decoded text) inside
    /// the JSON string whose opening quote is here, counting the columns its escapes take in
    /// `source`, the text this location is in: `\n` two, `\u0065` six, a surrogate pair
    /// (`\ud83d\ude00`) twelve. Without `source` every character counts one column, exact only
    /// while the string has no escapes before `offset`.
    package func inString(at offset: Int, source: [UInt8]?) -> SourceLocation {
        var location = self
        location.column += 1
        guard let source else {
            location.column += offset
            return location
        }
        var cursor = self.offset + 1
        var decoded = 0
        while decoded < offset, cursor < source.count, source[cursor] != UInt8(ascii: "\"") {
            let width = Self.rawWidth(source, at: cursor)
            cursor += width.bytes
            location.column += width.columns
            decoded += 1
        }
        // Past the closing quote (an offset at the end of the text): one column per character.
        location.column += offset - decoded
        return location
    }

    /// The bytes and columns of the one decoded character at `cursor` in a JSON string's source.
    private static func rawWidth(_ source: [UInt8], at cursor: Int) -> (bytes: Int, columns: Int) {
        let byte = source[cursor]
        guard byte == UInt8(ascii: "\\") else {
            // One scalar, one column: its UTF-8 length from the lead byte.
            let bytes = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            return (bytes, 1)
        }
        guard cursor + 1 < source.count, source[cursor + 1] == UInt8(ascii: "u") else { return (2, 2) }
        // A high surrogate followed by a low one is one character written as two escapes.
        if let high = hexUnit(source, at: cursor), (0xD800..<0xDC00).contains(high),
           cursor + 7 < source.count, source[cursor + 6] == UInt8(ascii: "\\"), source[cursor + 7] == UInt8(ascii: "u"),
           let low = hexUnit(source, at: cursor + 6), (0xDC00..<0xE000).contains(low) {
            return (12, 12)
        }
        return (6, 6)
    }

    /// The four hex digits of the `\uXXXX` escape whose backslash is at `cursor`.
    private static func hexUnit(_ source: [UInt8], at cursor: Int) -> UInt32? {
        guard cursor + 6 <= source.count else { return nil }
        return UInt32(String(decoding: source[cursor + 2 ..< cursor + 6], as: UTF8.self), radix: 16)
    }
}
