import SatwatchNet

/// A `multipart/form-data` body (RFC 7578), how Telegram and Discord take a file with a
/// message: each part a named field, a file part with its file name and media type. Encoding is
/// pure (same parts, same bytes and boundary), so tests compare requests exactly.
struct MultipartForm: Sendable, Equatable {
    /// One field of the form.
    struct Part: Sendable, Equatable {
        /// The field name.
        var name: String
        /// The file name, for a file field.
        var filename: String?
        /// The part's media type; nil leaves it out (a plain text field).
        var contentType: String?
        /// The field's value or the file's bytes, sent as is.
        var body: [UInt8]

        /// A text field.
        static func text(_ name: String, _ value: String, contentType: String? = nil) -> Part {
            Part(name: name, filename: nil, contentType: contentType, body: Array(value.utf8))
        }

        /// A file field.
        static func file(_ name: String, filename: String, contentType: String, _ bytes: [UInt8]) -> Part {
            Part(name: name, filename: filename, contentType: contentType, body: bytes)
        }

        /// The part's header fields and the blank line after them.
        var head: [UInt8] {
            var disposition = "Content-Disposition: form-data; name=\"\(MultipartForm.escaped(name))\""
            if let filename { disposition += "; filename=\"\(MultipartForm.escaped(filename))\"" }
            let type = contentType.map { "\r\nContent-Type: \(MultipartForm.escaped($0))" } ?? ""
            return Array("\(disposition)\(type)\r\n\r\n".utf8)
        }
    }

    /// The fields in the order sent.
    let parts: [Part]
    /// Occurs in no part (see `MIMEBoundary`).
    let boundary: String

    /// A form of `parts`, with a boundary made from them.
    init(_ parts: [Part]) {
        self.parts = parts
        boundary = MIMEBoundary.make(for: parts.map { $0.head + $0.body })
    }

    /// The request's `Content-Type`.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body: each part after a boundary line, then the closing boundary; CRLF throughout.
    func encoded() -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(parts.reduce(64) { $0 + $1.body.count + 160 })
        for part in parts {
            body += Array("--\(boundary)\r\n".utf8) + part.head + part.body + [13, 10]
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return body
    }

    /// `text` safe in a part's header field: `"`, CR and LF percent-encoded as browsers do
    /// (WHATWG's form encoding), so a name can neither end its quotes nor the line.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
