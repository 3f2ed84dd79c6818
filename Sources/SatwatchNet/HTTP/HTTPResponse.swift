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

extension HTTPResponse {
    /// When the server says it answered (`Date`, RFC 9110 §6.6.1), in Unix epoch seconds of its
    /// clock; nil without a valid one.
    package var date: Int64? {
        header("Date").flatMap { HTTPDate.epochSeconds(parsing: $0.trimmingASCIIWhitespace()) }
    }

    /// How long the server asks to wait before retrying, from `Retry-After` (RFC 9110 §10.2.3).
    ///
    /// Both forms are read: delay-seconds (`120`) and an HTTP-date, which is measured from `now`
    /// (Unix epoch seconds of the caller's wall clock). A date in the past gives `.zero`; a
    /// missing or malformed header gives nil. No upper bound is applied here: capping an absurd
    /// value is the retry policy's decision.
    package func retryAfter(now: Int64) -> Duration? {
        header("Retry-After").flatMap { Self.parseRetryAfter($0, now: now) }
    }

    /// Parses one `Retry-After` value; see `retryAfter(now:)`.
    package static func parseRetryAfter(_ value: String, now: Int64) -> Duration? {
        let text = value.trimmingASCIIWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) {
            // Digits only; too many digits overflow Int64 and mean "effectively forever".
            return .seconds(Int64(text) ?? Int64.max)
        }
        guard let date = HTTPDate.epochSeconds(parsing: text) else { return nil }
        return .seconds(max(0, date - now))
    }
}
