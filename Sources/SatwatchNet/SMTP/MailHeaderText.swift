import SatwatchBase

/// Building blocks for RFC 5322 header fields: sanitizing, RFC 2047 encoded words, folding.
enum MailHeaderText {
    /// Lines of a header field stay within this many characters where a break point exists.
    static let foldLimit = 78
    /// RFC 2047 caps encoded words at 75 characters and lines holding them at 76. Words of at
    /// most 39 UTF-8 bytes are 12 + 52 = 64 characters, so `Subject: ` plus a word stays
    /// within 76 too.
    static let encodedWordBytes = 39

    /// `text` with CR, LF and every other control character (C0, DEL, C1, U+2028/2029)
    /// replaced by a space and outer blanks trimmed: user text can never end a header line,
    /// so a template cannot add a header (`Bcc:`) or start the body.
    static func sanitize(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                ? " " : scalar
        }
        return String(String.UnicodeScalarView(scalars)).trimmingASCIIWhitespace()
    }

    /// True when every character is printable ASCII or a space.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (32...126).contains($0) }
    }

    /// `text` as `=?UTF-8?B?…?=` words of at most `encodedWordBytes` bytes each. Words end on
    /// character boundaries (grapheme clusters, else Unicode scalars when one cluster alone
    /// is too long), so no word holds part of a UTF-8 sequence.
    static func encodedWords(_ text: String) -> [String] {
        var chunks: [[UInt8]] = [[]]
        func add(_ bytes: some Collection<UInt8>) {
            if chunks[chunks.count - 1].count + bytes.count > encodedWordBytes { chunks.append([]) }
            chunks[chunks.count - 1] += bytes
        }
        for character in text {
            if character.utf8.count <= encodedWordBytes {
                add(character.utf8)
            } else {
                for scalar in character.unicodeScalars { add(scalar.utf8) }
            }
        }
        return chunks.filter { !$0.isEmpty }.map { "=?UTF-8?B?\(Base64.encode($0))?=" }
    }

    /// `Name: value` unstructured text (Subject, extra headers): kept as is when printable
    /// ASCII, else as encoded words. Text that merely looks like an encoded word is encoded
    /// too, so a decoder shows it literally.
    static func unstructured(name: String, value: String) -> String {
        let clean = sanitize(value)
        if isPrintableASCII(clean) && !clean.contains("=?") {
            let folded = fold("\(name): \(clean)")
            // A run without spaces cannot be folded; encoded words can always be split.
            if folded.split(separator: "\r\n").allSatisfy({ $0.utf8.count <= 998 }) { return folded }
        }
        return fold("\(name): " + encodedWords(clean).joined(separator: " "), limit: 76)
    }

    /// Folds an ASCII header line: a CRLF goes before the last space that keeps each line
    /// within `limit`, never inside the `Name:` part nor before a space that follows another.
    static func fold(_ line: String, limit: Int = foldLimit) -> String {
        var bytes = Array(line.utf8)
        let valueStart = (bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0) + 2
        var lineStart = 0
        var lastBreak: Int?
        var index = 0
        while index < bytes.count {
            if bytes[index] == 32 && index > valueStart && bytes[index - 1] != 32 { lastBreak = index }
            if index - lineStart >= limit, let breakAt = lastBreak, breakAt > lineStart {
                bytes.insert(contentsOf: [13, 10], at: breakAt)
                lineStart = breakAt + 2
                lastBreak = nil
                index = lineStart
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
