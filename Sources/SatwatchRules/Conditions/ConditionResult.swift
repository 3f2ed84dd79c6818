/// What a condition decided, for the state machine.
package struct ConditionResult: Sendable, Equatable {
    /// The decision.
    package enum Verdict: UInt8, Sendable {
        /// It cannot decide (a metric without a fresh value, a window not yet filled): the rule
        /// keeps its state, as with missing data.
        case unknown
        /// It holds (for an event: the event happened now).
        case holds
        /// It does not hold, but a firing alert stays: the value is between the threshold and
        /// `clear` (hysteresis).
        case clearing
        /// It does not hold; a firing alert resolves.
        case fails
    }

    /// The decision.
    package var verdict: Verdict
    /// The value it looked at (the metric, or the change for `change`), remembered as the
    /// rule's last value; NaN when unknown.
    package var observed: Double

    /// Creates a result.
    @inline(__always)
    package init(_ verdict: Verdict, observed: Double) {
        self.verdict = verdict
        self.observed = observed
    }

    /// Cannot decide.
    package static let unknown = ConditionResult(.unknown, observed: .nan)

    /// Holds or fails on `observed`.
    @inline(__always)
    package static func decided(_ holds: Bool, observed: Double) -> ConditionResult {
        ConditionResult(holds ? .holds : .fails, observed: observed)
    }
}
