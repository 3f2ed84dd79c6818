extension HTTPResponse {
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
