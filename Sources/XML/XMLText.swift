/// A document's bytes as text, decoded the way its byte order mark or XML declaration says:
/// UTF-8 (the default), UTF-16 (with a byte order mark, or starting `<` as UTF-16), US-ASCII,
/// ISO-8859-1 and windows-1252. Anything else, and bytes that are not valid in the encoding
/// (broken UTF-8, a byte over 127 in ASCII), is refused with the byte's offset: a feed's text
/// is never guessed at, nor repaired with replacement characters.
package enum XMLText {
    /// The text of `bytes`, without a byte order mark.
    package static func decode(_ bytes: [UInt8]) throws(XMLError) -> String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes, from: 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes, from: 2, bigEndian: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes, from: 2, bigEndian: false) }
        // `<` or `<?` as UTF-16 without a byte order mark (XML 1.0, appendix F).
        if bytes.starts(with: [0x00, 0x3C]) { return try utf16(bytes, from: 0, bigEndian: true) }
        if bytes.starts(with: [0x3C, 0x00]) { return try utf16(bytes, from: 0, bigEndian: false) }
        switch try declaredEncoding(bytes).map(normalized) {
        case nil, "utf-8", "utf8": return try utf8(bytes, from: 0)
        case "us-ascii", "ascii":
            if let offset = bytes.firstIndex(where: { $0 > 0x7F }) {
                throw XMLError("byte \(offset) (0x\(hex(bytes[offset]))) is not US-ASCII, as the document declares")
            }
            return String(decoding: bytes, as: UTF8.self)
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        case "windows-1252", "cp1252":
            var scalars = String.UnicodeScalarView()
            for (offset, byte) in bytes.enumerated() {
                guard let scalar = windows1252(byte) else {
                    throw XMLError("byte \(offset) (0x\(hex(byte))) has no character in windows-1252, as the document declares")
                }
                scalars.append(scalar)
            }
            return String(scalars)
        case "utf-16", "utf16":
            throw XMLError("the document declares UTF-16 but has no byte order mark")
        case let other?:
            throw XMLError("unsupported encoding \"\(other)\" (UTF-8, UTF-16, US-ASCII, ISO-8859-1 and windows-1252 are read)")
        }
    }

    /// The `encoding` of the XML declaration at the start of `bytes`, if there is one; the
    /// declaration itself is checked later, by the reader, on the decoded text.
    static func declaredEncoding(_ bytes: [UInt8]) throws(XMLError) -> String? {
        let prefix = Array("<?xml".utf8)
        guard bytes.starts(with: prefix), bytes.count > prefix.count, isSpace(bytes[prefix.count]) else { return nil }
        // The declaration is ASCII and short; look no further than its end.
        let limit = min(bytes.count, 512)
        var end = prefix.count
        while end + 1 < limit, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let declaration = bytes[prefix.count..<end]
        guard let key = declaration.firstRange(of: Array("encoding".utf8)) else { return nil }
        var index = key.upperBound
        while index < declaration.endIndex, isSpace(declaration[index]) { index += 1 }
        guard index < declaration.endIndex, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < declaration.endIndex, isSpace(declaration[index]) { index += 1 }
        guard index < declaration.endIndex, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else { return nil }
        let quote = declaration[index]
        guard let close = declaration[(index + 1)...].firstIndex(of: quote) else { return nil }
        let name = declaration[(index + 1)..<close]
        // EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
        guard let first = name.first, isLetter(first),
              name.allSatisfy({ isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }) else {
            throw XMLError("the XML declaration's encoding name is not well-formed")
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func normalized(_ name: String) -> String { name.lowercased() }

    private static func utf8(_ bytes: [UInt8], from start: Int) throws(XMLError) -> String {
        let body = bytes[start...]
        if let text = String(validating: body, as: UTF8.self) { return text }
        throw XMLError("invalid UTF-8 at byte \(start + firstInvalidUTF8(body))")
    }

    /// The offset (from the slice's start) of the first byte that breaks UTF-8.
    private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool) throws(XMLError) -> String {
        guard (bytes.count - start) % 2 == 0 else { throw XMLError("UTF-16 text of an odd number of bytes") }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index < bytes.count {
            let high = UInt16(bytes[bigEndian ? index : index + 1]), low = UInt16(bytes[bigEndian ? index + 1 : index])
            units.append(high << 8 | low)
            index += 2
        }
        guard let text = String(validating: units, as: UTF16.self) else { throw XMLError("invalid UTF-16 (an unpaired surrogate)") }
        return text
    }

    /// windows-1252's characters for 0x80–0x9F (nil: undefined); other bytes are ISO-8859-1's.
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let table: [UInt32] = [0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
                               0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178]
        let value = table[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    private static func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true) }
}
