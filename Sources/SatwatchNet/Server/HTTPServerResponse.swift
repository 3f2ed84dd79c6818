/// A complete response: status, content type, extra header fields and body (text or bytes).
package struct HTTPServerResponse: Sendable, Equatable {
    /// Status code.
    package var status: Int
    /// `Content-Type` value.
    package var contentType: String
    /// Header fields besides those the server writes (`Location`, `WWW-Authenticate`, …).
    ///
    /// A `Cache-Control` here replaces the default `no-store`. `Content-Type` (see
    /// `contentType`), `Content-Length`, `Transfer-Encoding` and `Connection` frame the message,
    /// so the server writes them itself and leaves them out of these. A field whose name is not
    /// an HTTP token is left out, and control characters in a value are sent as spaces, so no
    /// value (a rule name in a `Location`) can end its line and add a header of its own.
    package var headers: HTTPHeaders
    /// The body (a PNG, a page). Not sent for HEAD, nor with status 204 or 304.
    package var bodyBytes: [UInt8]

    /// The body as UTF-8 text; setting it replaces `bodyBytes`.
    package var body: String {
        get { String(decoding: bodyBytes, as: UTF8.self) }
        set { bodyBytes = Array(newValue.utf8) }
    }

    /// Creates a response with a text body.
    package init(status: Int, contentType: String = "text/plain; charset=utf-8", headers: HTTPHeaders = HTTPHeaders(),
                body: String) {
        self.init(status: status, contentType: contentType, headers: headers, bodyBytes: Array(body.utf8))
    }

    /// Creates a response with a binary body, e.g. `contentType: "image/png"`.
    package init(status: Int, contentType: String, headers: HTTPHeaders = HTTPHeaders(), bodyBytes: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.bodyBytes = bodyBytes
    }
}
