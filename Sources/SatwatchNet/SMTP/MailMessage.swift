import SatwatchBase

/// A plain-text notification mail, rendered as an RFC 5322 message for `SMTPRequest.message`,
/// with inline files (a chart) when it has attachments.
///
/// Rendering is pure (same input, same bytes), which the tests rely on. Every header value is
/// sanitized: CR, LF and other control characters from templates become spaces, so no text can
/// add a header (say `Bcc:`) or a recipient. The envelope recipients are `to` only
/// (`envelopeRecipients`); curl adds the SMTP dot-stuffing when sending.
package struct MailMessage: Sendable {
    /// The author, `From:`; its address is also the natural envelope sender.
    package var from: MailAddress
    /// The recipients, `To:`, in order.
    package var to: [MailAddress]
    /// Any text; RFC 2047-encoded when not printable ASCII, folded when long.
    package var subject: String
    /// The text body; line breaks (LF, CRLF or CR) are sent as CRLF.
    package var body: String
    /// `Date:`, as Unix epoch seconds; rendered in UTC (`+0000`).
    package var date: Int64
    /// The stable notification id for `Message-ID:`, ideally `unique@host`; angle brackets,
    /// blanks and control characters are dropped, and `@satwatch.invalid` is appended when it
    /// has no `@`. Receivers use it to drop a repeated delivery.
    package var messageID: String
    /// More header fields, after the standard ones. Names keep only RFC 5322 field-name
    /// characters. Names of the fields this type writes itself are ignored, and so are `Cc`
    /// and `Bcc`: they would name recipients the envelope does not have (or disclose hidden ones).
    package var extraHeaders: [(name: String, value: String)]
    /// Files shown inline after the text; none keeps the message a single `text/plain` part.
    package var attachments: [MailAttachment]

    /// Creates a message.
    package init(from: MailAddress, to: [MailAddress], subject: String, body: String, date: Int64,
                messageID: String, extraHeaders: [(name: String, value: String)] = [],
                attachments: [MailAttachment] = []) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
        self.date = date
        self.messageID = messageID
        self.extraHeaders = extraHeaders
        self.attachments = attachments
    }

    /// The envelope recipients (`RCPT TO`): the `To` addresses.
    package var envelopeRecipients: [String] {
        to.map(\.address)
    }

    /// Lowercased names extra headers may not use: the fields `rendered()` writes, plus
    /// `cc` and `bcc`.
    static let reservedFields: Set<String> = [
        "date", "from", "to", "subject", "message-id", "mime-version", "content-type",
        "content-transfer-encoding", "auto-submitted", "cc", "bcc",
    ]
}

extension MailMessage {
    /// Base64 lines are at most 76 characters (RFC 2045 §6.8).
    static let base64LineLength = 76

    /// The `Content-Type` field and the body of a `multipart/related` message (RFC 2387): the
    /// text part, then each attachment, between boundaries that occur in none of them.
    ///
    /// The CRLF before a boundary belongs to the boundary (RFC 2046 §5.1.1), so the text part
    /// keeps its final line break and a reader sees the same text as in a single-part mail.
    func relatedBody(text: [UInt8], encoding: String) -> (contentType: String, body: [UInt8]) {
        let textPart = Array("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: \(encoding)\r\n\r\n".utf8) + text
        let parts = [textPart] + attachments.map(Self.part)
        let boundary = MIMEBoundary.make(for: parts)
        var body: [UInt8] = []
        for part in parts { body += Array("--\(boundary)\r\n".utf8) + part + [13, 10] }
        body += Array("--\(boundary)--\r\n".utf8)
        let contentType = MailHeaderText.fold("Content-Type: multipart/related; boundary=\"\(boundary)\"; type=\"text/plain\"")
        return (contentType, body)
    }

    /// One attachment's part: its header fields, then its bytes in base64 lines.
    static func part(_ attachment: MailAttachment) -> [UInt8] {
        var fields = [
            "Content-Type: \(MailHeaderText.sanitize(attachment.contentType))",
            "Content-Transfer-Encoding: base64",
        ]
        if let id = attachment.contentID { fields.append("Content-ID: <\(cleanMessageID(id))>") }
        fields.append("Content-Disposition: inline; filename=\"\(cleanFilename(attachment.filename))\"")
        return Array((fields.joined(separator: "\r\n") + "\r\n\r\n").utf8) + base64Lines(attachment.data)
    }

    /// `data` in base64, CRLF between lines of `base64LineLength` characters (none after the last).
    static func base64Lines(_ data: [UInt8]) -> [UInt8] {
        let encoded = Base64.encodedBytes(data)
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + encoded.count / base64LineLength * 2)
        var start = 0
        while start < encoded.count {
            if start > 0 { output += [13, 10] }
            let end = min(start + base64LineLength, encoded.count)
            output += encoded[start..<end]
            start = end
        }
        return output
    }

    /// A file name of letters, digits, `.`, `-` and `_` only (others become `_`): it is quoted
    /// as is, with nothing to escape or encode.
    static func cleanFilename(_ name: String) -> String {
        let kept = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        return kept.isEmpty ? "attachment" : kept
    }
}
