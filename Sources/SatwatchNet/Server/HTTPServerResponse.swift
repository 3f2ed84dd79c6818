/// A complete response: status, content type and body.
public struct HTTPServerResponse: Sendable, Equatable {
    /// Status code.
    public var status: Int
    /// `Content-Type` value.
    public var contentType: String
    /// Body bytes (UTF-8 text).
    public var body: String

    /// Creates a response.
    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// The bytes on the wire; `includeBody` false for HEAD.
    func serialized(includeBody: Bool) -> [UInt8] {
        let reason = Self.reasons[status] ?? "Status"
        let bodyBytes = Array(body.utf8)
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\n"
        head += "Content-Length: \(bodyBytes.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"
        return Array(head.utf8) + (includeBody ? bodyBytes : [])
    }

    static let reasons: [Int: String] = [
        200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 431: "Request Header Fields Too Large", 503: "Service Unavailable",
    ]
}
