/// Quoted-printable content transfer encoding (RFC 2045 §6.7) of a CRLF-separated text body.
///
/// Used for any body that is not plain short-lined ASCII: the result is 7-bit and its lines
/// are at most 76 characters, so it passes any relay, whether or not it offers 8BITMIME (which
/// libcurl does not negotiate), and however long a rendered alert line is.
enum QuotedPrintable {
    static let maxLineLength = 76

    /// Encodes `text`, whose line breaks must already be CRLF. Hard line breaks stay CRLF;
    /// longer lines get soft breaks (`=` CRLF) that decoders remove.
    static func encode(_ text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / 8)
        var lines = text.split(separator: 10, omittingEmptySubsequences: false)
        if text.last == 10 { lines.removeLast() }  // no empty line after the final CRLF
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.last == 13 ? rawLine.dropLast() : rawLine
            encodeLine(line, into: &output)
            if index < lines.count - 1 || text.last == 10 {
                output += [13, 10]
            }
        }
        return output
    }

    private static func encodeLine(_ line: ArraySlice<UInt8>, into output: inout [UInt8]) {
        var lineLength = 0
        for (offset, byte) in zip(line.indices, line) {
            let isLast = offset == line.index(before: line.endIndex)
            let literal = (33...126).contains(byte) && byte != UInt8(ascii: "=")
                || ((byte == 32 || byte == 9) && !isLast)  // trailing blanks would be stripped
            let token: [UInt8] = literal ? [byte] : escaped(byte)
            // Keep room for the "=" of a soft break, unless this token ends the line.
            let limit = isLast ? maxLineLength : maxLineLength - 1
            if lineLength + token.count > limit {
                output += [UInt8(ascii: "="), 13, 10]
                lineLength = 0
            }
            output += token
            lineLength += token.count
        }
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
    }
}
