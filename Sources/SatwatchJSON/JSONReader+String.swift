extension JSONReader {
    /// Reads a string whose opening quote has been consumed, through its closing quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        var cursor = index
        stringIsPlainASCII = true
        // Long plain ASCII runs (hashes, txids) go eight bytes at a time; the rest byte by byte.
        while cursor + 8 <= end, Self.isPlain(UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)) {
            cursor += 8
        }
        while true {
            guard cursor < end else { throw error("unexpected end of input", at: end) }
            let byte = base[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                guard building else { return "" }
                return String(decoding: UnsafeBufferPointer(start: base + start, count: cursor - start), as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                stringIsPlainASCII = false
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: cursor - start))
                index = cursor
                return try parseEscapedString()
            } else if byte < 0x20 {
                throw error("control character in string", at: cursor)
            } else if byte < 0x80 {
                cursor += 1
            } else {
                guard let next = utf8SequenceEnd(at: cursor) else { throw error("invalid UTF-8", at: cursor) }
                stringIsPlainASCII = false
                cursor = next
            }
        }
    }

    /// Whether eight bytes hold no quote, backslash, control character or non-ASCII byte
    /// (the classic "has zero byte" / "has byte less than" bit tricks; exact, byte order free).
    @inline(__always)
    static func isPlain(_ chunk: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = chunk ^ (ones &* 0x22)
        let backslash = chunk ^ (ones &* 0x5C)
        let found = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
            | (chunk &- ones &* 0x20) & ~chunk | chunk
        return found & (ones &* 0x80) == 0
    }

    /// The slow path: the string's bytes so far are in `scratch`, `index` is at a backslash.
    mutating func parseEscapedString() throws(JSONSyntaxError) -> String {
        while true {
            guard index < end else { throw error("unexpected end of input", at: end) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return building ? String(decoding: scratch, as: UTF8.self) : ""
            } else if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw error("control character in string", at: index)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                guard let next = utf8SequenceEnd(at: index) else { throw error("invalid UTF-8", at: index) }
                scratch.append(contentsOf: UnsafeBufferPointer(start: base + index, count: next - index))
                index = next
            }
        }
    }

    /// Decodes one escape at `index` into `scratch`. An unpaired surrogate (`"\\ud800"` alone)
    /// is refused like invalid UTF-8: it is no character, and what reads the string (SQLite, a
    /// receiver, a terminal) would get bytes that are not text or a silent U+FFFD.
    mutating func parseEscape() throws(JSONSyntaxError) {
        let escapeStart = index
        guard index + 1 < end else { throw error("unexpected end of input", at: end) }
        let decoded: UInt8
        switch base[index + 1] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            var unit = try hexUnit(at: escapeStart)
            index = escapeStart + 6
            if unit >= 0xD800 && unit < 0xDC00, index + 1 < end,
               base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") {
                let low = try hexUnit(at: index)
                if low >= 0xDC00 && low < 0xE000 {
                    index += 6
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
            }
            guard let scalar = Unicode.Scalar(unit) else { throw error("unpaired surrogate in \\u escape", at: escapeStart) }
            appendScalar(scalar)
            return
        default: throw error("invalid escape sequence", at: escapeStart)
        }
        scratch.append(decoded)
        index += 2
    }

    /// The four hex digits of the `\uXXXX` escape whose backslash is at `offset`.
    func hexUnit(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for cursor in offset + 2 ..< offset + 6 {
            guard cursor < end else { throw error("unexpected end of input", at: end) }
            let byte = base[cursor]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid escape sequence", at: offset)
            }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    mutating func appendScalar(_ scalar: Unicode.Scalar) {
        scratch.append(contentsOf: scalar.utf8)
    }
}
