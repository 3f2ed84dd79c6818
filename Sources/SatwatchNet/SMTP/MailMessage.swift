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
