extension Redactor {
    /// The forms a secret may come back in from a receiver that echoes what it was sent: as
    /// written, percent-decoded, percent-encoded (upper or lower case hex, with or without its
    /// `/` kept, as servers quote paths), JSON-escaped (see `jsonEscaped`), HTML-escaped, and
    /// base64 (an echoed `Authorization: Basic` header is `user:password` in base64, with the
    /// password as curl sends it: percent-decoded).
    static func forms(of secret: String) -> Set<String> {
        // A value that long is refused by `check` anyway (see `ValueLength.text`); its forms
        // would only cost time.
        guard secret.utf8.count <= ValueLength.text.maximum else { return [secret] }
        var bases: Set<String> = [secret]
        if let decoded = percentDecoded(secret) { bases.insert(decoded) }
        var forms = bases
        for base in bases {
            for keepSlash in [false, true] {
                let encoded = percentEncoded(base, keepSlash: keepSlash)
                forms.insert(encoded)
                forms.insert(lowercasedHex(encoded))
            }
            forms.formUnion(jsonEscaped(base))
            forms.insert(htmlEscaped(base))
            forms.formUnion(base64Forms(base))
        }
        return forms
    }

    /// `text` as JSON encoders write it inside a string: `"` and `\` escaped and control
    /// characters as `\n` or `\u00XX`; each with `/` as `\/` or not (PHP, some Java), with
    /// non-ASCII as `\uXXXX` or not (Python's default), and with `<`, `>`, `&` as `\u003c` or
    /// not (Go's default), in lower and upper case hex.
    static func jsonEscaped(_ text: String) -> Set<String> {
        // Only the choices that change something here (most secrets have none of these bytes).
        let bytes = text.utf8
        let hasSlash = bytes.contains(UInt8(ascii: "/"))
        let hasNonASCII = bytes.contains { $0 >= 0x80 }
        let hasMarkup = bytes.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }
        let hasOther = bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard hasSlash || hasNonASCII || hasMarkup || hasOther else { return [text] }
        let hexCases = hasNonASCII || hasMarkup || bytes.contains { $0 < 0x20 } ? ["0123456789abcdef", "0123456789ABCDEF"] : ["0123456789abcdef"]
        var forms: Set<String> = []
        for escapeSlash in hasSlash ? [false, true] : [false] {
            for asciiOnly in hasNonASCII ? [false, true] : [false] {
                for htmlSafe in hasMarkup ? [false, true] : [false] {
                    for hex in hexCases {
                        forms.insert(jsonEscaped(text, escapeSlash: escapeSlash, asciiOnly: asciiOnly, htmlSafe: htmlSafe,
                                                 hexDigits: Array(hex)))
                    }
                }
            }
        }
        return forms
    }

    /// One JSON escaping of `text` (see `jsonEscaped(_:)`).
    static func jsonEscaped(_ text: String, escapeSlash: Bool, asciiOnly: Bool, htmlSafe: Bool, hexDigits: [Character]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        func unit(_ value: UInt16) {
            output += Array("\\u".utf8)
            for shift in [12, 8, 4, 0] { output += hexDigits[Int(value >> UInt16(shift) & 0xF)].utf8 }
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array("\\\"".utf8)
            case "\\": output += Array("\\\\".utf8)
            case "/" where escapeSlash: output += Array("\\/".utf8)
            case "\n": output += Array("\\n".utf8)
            case "\r": output += Array("\\r".utf8)
            case "\t": output += Array("\\t".utf8)
            case "\u{8}": output += Array("\\b".utf8)
            case "\u{C}": output += Array("\\f".utf8)
            case _ where htmlSafe && (scalar == "<" || scalar == ">" || scalar == "&"): unit(UInt16(scalar.value))
            case _ where scalar.value < 0x20 || (asciiOnly && scalar.value > 0x7F):
                for codeUnit in String(scalar).utf16 { unit(codeUnit) }
            default: output += scalar.utf8
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text`'s UTF-8 in base64, standard and URL-safe alphabet, each padded, unpadded, and cut
    /// to the characters its bytes alone decide (inside a longer encoded run, the last partial
    /// character depends on what follows).
    static func base64Forms(_ text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        var forms: Set<String> = []
        for alphabet in [Base64.Alphabet.standard, .urlSafe] {
            let padded = Base64.encodedBytes(bytes, alphabet: alphabet)
            let unpadded = padded.prefix { $0 != UInt8(ascii: "=") }
            for form in [padded[...], unpadded, unpadded.prefix(bytes.count * 8 / 6)] {
                forms.insert(String(decoding: form, as: UTF8.self))
            }
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
