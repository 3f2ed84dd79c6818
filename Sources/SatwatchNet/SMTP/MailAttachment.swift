/// A file sent inside a mail and shown with its text: a notification's chart. A message with
/// attachments is rendered as `multipart/related` (RFC 2387): the text first, then each file
/// base64-encoded with `Content-Disposition: inline` and, when it has one, a `Content-ID`.
package struct MailAttachment: Sendable, Equatable {
    /// The file name shown by mail clients, e.g. `chart.png`; reduced to letters, digits, `.`,
    /// `-` and `_` when rendered, so it never needs quoting rules or encoding.
    package var filename: String
    /// The media type, e.g. `image/png`.
    package var contentType: String
    /// The id an HTML part could refer to (`cid:chart@satwatch`), without angle brackets.
    package var contentID: String?
    /// The file's bytes.
    package var data: [UInt8]

    /// Creates an attachment.
    package init(filename: String, contentType: String, contentID: String? = nil, data: [UInt8]) {
        self.filename = filename
        self.contentType = contentType
        self.contentID = contentID
        self.data = data
    }
}
