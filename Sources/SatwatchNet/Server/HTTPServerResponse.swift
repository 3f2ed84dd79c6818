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

extension HTTPServerResponse {
    /// The bytes on the wire; `includeBody` false for HEAD (which still announces the length).
    func serialized(includeBody: Bool) -> [UInt8] {
        let reason = Self.reasons[status] ?? "Status"
        // RFC 9110 §6.4.1, §8.6: 204 and 304 have no content, and 204 no Content-Length.
        let bodiless = status == 204 || status == 304
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        if !bodiless { head += "Content-Type: \(Self.cleanValue(contentType))\r\nContent-Length: \(bodyBytes.count)\r\n" }
        head += "Connection: close\r\n"
        if !headers.contains("Cache-Control") { head += "Cache-Control: no-store\r\n" }
        for field in headers where !Self.serverOwned.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
            guard !field.name.isEmpty, field.name.unicodeScalars.allSatisfy(HTTPHeader.isTokenCharacter) else { continue }
            head += "\(field.name): \(Self.cleanValue(field.value))\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + (includeBody && !bodiless ? bodyBytes : [])
    }

    /// Fields that frame the message: only the server writes them.
    private static let serverOwned = ["Content-Type", "Content-Length", "Transfer-Encoding", "Connection"]

    private static func cleanValue(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map(HTTPHeader.withoutControl))).trimmingASCIIWhitespace()
    }

    static let reasons: [Int: String] = [
        100: "Continue", 200: "OK", 201: "Created", 204: "No Content", 302: "Found", 303: "See Other",
        304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 411: "Length Required",
        413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
        431: "Request Header Fields Too Large", 500: "Internal Server Error", 501: "Not Implemented",
        503: "Service Unavailable",
    ]
}
