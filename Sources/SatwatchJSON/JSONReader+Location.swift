extension JSONReader {
    /// The location of `offset`, which must not precede any offset asked for before.
    ///
    /// Columns are counted forward from the last known one, so tracking costs one pass over the
    /// text in total. Newlines can only occur in whitespace, where `skipWhitespace` counts them.
    @inline(__always)
    mutating func location(of offset: Int) -> SourceLocation {
        guard positions else { return SourceLocation(line: 0, column: 0, offset: offset) }
        var column = knownColumn
        var cursor = knownOffset
        while cursor < offset {
            // Continuation bytes (10xxxxxx) do not start a scalar.
            if base[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        knownOffset = offset
        knownColumn = column
        return SourceLocation(line: line, column: column, offset: offset)
    }

    /// The exact location of any offset, counted from the start; used for errors only.
    func exactLocation(of offset: Int) -> SourceLocation {
        var line = 1
        var column = 1
        var cursor = origin
        while cursor < offset {
            let byte = base[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
        return SourceLocation(line: line, column: column, offset: offset)
    }

    func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message, at: exactLocation(of: offset))
    }

    /// The error for a `]` or `}` at `offset` right after a `,` (whitespace between): the habit
    /// of JavaScript and most editors that JSON refuses, named at the comma so it can be deleted.
    /// Nil for anything else.
    func trailingComma(before offset: Int) -> JSONSyntaxError? {
        let closer = base[offset]
        guard closer == UInt8(ascii: "]") || closer == UInt8(ascii: "}") else { return nil }
        var cursor = offset - 1
        while cursor >= 0, base[cursor] == 0x20 || base[cursor] == 0x09 || base[cursor] == 0x0A || base[cursor] == 0x0D {
            cursor -= 1
        }
        guard cursor >= 0, base[cursor] == UInt8(ascii: ",") else { return nil }
        return error("trailing comma before '\(Character(Unicode.Scalar(closer)))' (JSON allows none: remove it)", at: cursor)
    }

    /// `unexpected character 'x'` for printable ASCII, else the scalar as `U+XXXX`.
    func unexpectedCharacter(at offset: Int) -> JSONSyntaxError {
        let byte = base[offset]
        if byte > 0x20 && byte < 0x7F {
            return error("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: offset)
        }
        var scalarValue = UInt32(byte)
        if byte >= 0x80 {
            guard let next = utf8SequenceEnd(at: offset) else { return error("invalid UTF-8", at: offset) }
            scalarValue = UInt32(byte) & (0x7F >> (next - offset))
            for cursor in offset + 1 ..< next {
                scalarValue = scalarValue << 6 | UInt32(base[cursor] & 0x3F)
            }
        }
        let hex = String(scalarValue, radix: 16, uppercase: true)
        return error("unexpected character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)", at: offset)
    }

    /// The end of the well-formed UTF-8 sequence starting with a non-ASCII byte at `offset`, or
    /// nil when it is malformed (overlong, surrogate, beyond U+10FFFF, or truncated).
    @inline(__always)
    func utf8SequenceEnd(at offset: Int) -> Int? {
        let lead = base[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= end else { return nil }
        let second = base[offset + 1]
        guard second >= low && second <= high else { return nil }
        for cursor in offset + 2 ..< offset + length where base[cursor] & 0xC0 != 0x80 {
            return nil
        }
        return offset + length
    }
}
