/// Exponential backoff with jitter, capped: 1st delay `initial`, doubling up to `maximum`, each
/// spread by ±`jitter` so that many clients do not retry in lockstep. Used for reconnects and,
/// through `RetryPolicy`, for delivery retries.
package struct Backoff: Sendable, Equatable {
    /// The first delay.
    package var initial: TimeSpan
    /// The cap.
    package var maximum: TimeSpan
    /// Spread as a fraction of the delay (0.2: ±20 %).
    package var jitter: Double

    /// Creates a backoff.
    package init(initial: TimeSpan, maximum: TimeSpan, jitter: Double = 0.2) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The delay before try `attempt + 1` after `attempt` failures (attempt >= 1);
    /// `random` yields values in 0..<1.
    package func delay(afterAttempt attempt: Int, random: () -> Double) -> TimeSpan {
        var base = Double(initial.milliseconds)
        let cap = Double(maximum.milliseconds)
        var step = 1
        while step < attempt, base < cap {
            base *= 2
            step += 1
        }
        base = min(base, cap)
        return TimeSpan(milliseconds: Int64((base * (1 - jitter + 2 * jitter * random())).rounded()))
    }
}
