import SatwatchBase

/// When to try a failed delivery again: exponential backoff with jitter, never sooner than the
/// receiver's `Retry-After` (up to `maxRetryAfter`), and never for an entry older than `maxAge`.
package struct RetryPolicy: Sendable, Equatable {
    /// Delay after the first failure.
    package var initialDelay: TimeSpan
    /// Upper bound of the backoff.
    package var maximumDelay: TimeSpan
    /// Jitter as a fraction of the delay (0.2: ±20 %), so many entries do not retry in lockstep.
    package var jitter: Double
    /// An entry still undelivered this long after it was queued becomes dead.
    package var maxAge: TimeSpan
    /// The longest `Retry-After` honoured (`max_retry_after`): a receiver asking for two days
    /// must not park its channel's queue for two days.
    package var maxRetryAfter: TimeSpan

    /// The defaults: 2s doubling up to 10 min, ±20 % jitter, `Retry-After` up to 1 h, dead after 24 h.
    package init(initialDelay: TimeSpan = .seconds(2), maximumDelay: TimeSpan = .minutes(10), jitter: Double = 0.2,
                maxAge: TimeSpan = .hours(24), maxRetryAfter: TimeSpan = .hours(1)) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.maxAge = maxAge
        self.maxRetryAfter = maxRetryAfter
    }

    /// The delay before attempt `attempts + 1`, given `attempts` failures so far: the backoff,
    /// or the receiver's `Retry-After` (capped at `maxRetryAfter`) when that is longer. `random`
    /// yields values in 0..<1.
    package func delay(afterAttempts attempts: Int, retryAfter: TimeSpan?, random: () -> Double) -> TimeSpan {
        let backoff = Backoff(initial: initialDelay, maximum: maximumDelay, jitter: jitter)
            .delay(afterAttempt: attempts, random: random)
        guard let retryAfter else { return backoff }
        return max(backoff, min(retryAfter, maxRetryAfter))
    }

    /// Whether an entry queued at `created` is too old to try at `now`.
    package func isExpired(created: Timestamp, now: Timestamp) -> Bool { now - created > maxAge }

    /// Why an expired entry became dead, as `status` shows it.
    package func expiryReason(lastError: String?) -> String {
        "not delivered within \(maxAge.text) (last error: \(lastError ?? "none"))"
    }
}
