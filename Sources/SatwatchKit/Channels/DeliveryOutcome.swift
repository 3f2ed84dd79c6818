/// How one delivery attempt went.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver accepted it.
    case delivered
    /// It failed; the failure says whether trying again can help.
    case failed(DeliveryFailure)
}

/// Why a delivery failed, and whether the retry stage should try again.
public struct DeliveryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A one-line reason without secrets, e.g. `HTTP 429 Too Many Requests`.
    public var reason: String
    /// False for permanent failures (4xx other than 408/429, bad credentials, bad config).
    public var retryable: Bool
    /// The receiver's `Retry-After`, when it gave one.
    public var retryAfter: TimeSpan?

    /// Creates a failure.
    public init(_ reason: String, retryable: Bool, retryAfter: TimeSpan? = nil) {
        self.reason = reason
        self.retryable = retryable
        self.retryAfter = retryAfter
    }

    public var description: String { reason }
}
