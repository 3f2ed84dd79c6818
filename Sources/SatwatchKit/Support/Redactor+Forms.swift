import SatwatchNet

extension Redactor {
    /// The forms a secret may come back in from a receiver that echoes what it was sent: as
    /// written, percent-decoded, percent-encoded (upper or lower case hex, with or without its
    /// `/` kept, as servers quote paths), JSON with escaped slashes and HTML-escaped.
    static func forms(of secret: String) -> Set<String> {
        var bases: Set<String> = [secret]
        if let decoded = percentDecoded(secret) { bases.insert(decoded) }
        var forms = bases
        for base in bases {
            for keepSlash in [false, true] {
                let encoded = percentEncoded(base, keepSlash: keepSlash)
                forms.insert(encoded)
                forms.insert(lowercasedHex(encoded))
            }
            forms.insert(base.replacing("/", with: "\\/"))
            forms.insert(htmlEscaped(base))
        }
        return forms
    }

    /// RFC 3986 unreserved characters, which percent-encoding leaves as they are.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// Every byte but the unreserved ones (and `/` when `keepSlash`) as `%XX`.
    static func percentEncoded(_ text: String, keepSlash: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `%XX` escapes with lower-case hex digits, as some servers write them.
    static func lowercasedHex(_ encoded: String) -> String {
        var bytes = Array(encoded.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                for offset in 1...2 where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(bytes[index + offset]) {
                    bytes[index + offset] += 0x20
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with `%XX` escapes (and `+` as a space) decoded; nil when it has none or the
    /// result is not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") || text.contains("+") else { return nil }
        let input = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
               let high = ASCIIHex.value(input[index + 1]), let low = ASCIIHex.value(input[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(input[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : input[index])
                index += 1
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self), decoded != text else { return nil }
        return decoded
    }


    /// `&`, `<`, `>`, `"` and `'` as HTML entities, as an error page quoting the URL shows them.
    static func htmlEscaped(_ text: String) -> String {
        guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
        return text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;").replacing("'", with: "&#39;")
    }
}
