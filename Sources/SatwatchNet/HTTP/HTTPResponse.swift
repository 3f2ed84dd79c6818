/// The final response to an `HTTPRequest`. Any status is a response, not an error: deciding
/// whether 404 or 503 means "retry" is the caller's policy (satwatch: `DeliveryClassifier`).
package struct HTTPResponse: Sendable, Hashable {
    /// The status code, e.g. 200.
    package var status: Int
    /// The header fields of the final response, in order.
    package var headers: HTTPHeaders
    /// The body, at most the client's `maxResponseBytes` long.
    package var body: [UInt8]
    /// True when the body was longer than the client's limit and only its start was kept.
    package var bodyTruncated: Bool

    /// Creates a response.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                bodyTruncated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyTruncated = bodyTruncated
    }

    /// The first value of header `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first(name)
    }

    /// The body decoded as UTF-8, invalid sequences replaced; handy for error messages.
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
