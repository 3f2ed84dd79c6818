import SatwatchBase

/// How one delivery attempt went.
package enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver accepted it.
    case delivered
    /// It failed; the failure says whether trying again can help.
    case failed(DeliveryFailure)
}

/// Why a delivery failed, and whether the retry stage should try again.
package struct DeliveryFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A one-line reason without secrets, e.g. `HTTP 429 Too Many Requests`.
    package var reason: String
    /// False for permanent failures (4xx other than 408/429, bad credentials, bad config).
    package var retryable: Bool
    /// The receiver's `Retry-After`, when it gave one.
    package var retryAfter: TimeSpan?
    /// Whether it concerns the receiver (down, timing out, overloaded: the whole channel waits
    /// for the retry) rather than this message alone (a mail server's temporary refusal of one
    /// message: only that message's alert waits).
    package var concernsReceiver: Bool

    /// Creates a failure.
    package init(_ reason: String, retryable: Bool, retryAfter: TimeSpan? = nil, concernsReceiver: Bool = true) {
        self.reason = reason
        self.retryable = retryable
        self.retryAfter = retryAfter
        self.concernsReceiver = concernsReceiver
    }

    package var description: String { reason }
}

extension DeliveryOutcome {
    /// The outcome with `redactor`'s secrets hidden in a failure reason, which is logged, stored
    /// in the outbox and shown by `status` and `notify`.
    func redacted(by redactor: Redactor) -> DeliveryOutcome {
        guard case .failed(var failure) = self else { return self }
        failure.reason = redactor.redact(failure.reason)
        return .failed(failure)
    }
}
