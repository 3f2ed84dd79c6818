import SatwatchBase

extension DeliveryOutcome {
    /// The outcome with `redactor`'s secrets hidden in a failure reason, which is logged, stored
    /// in the outbox and shown by `status` and `notify`.
    func redacted(by redactor: Redactor) -> DeliveryOutcome {
        guard case .failed(var failure) = self else { return self }
        failure.reason = redactor.redact(failure.reason)
        return .failed(failure)
    }
}
