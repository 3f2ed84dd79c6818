import SatwatchBase
import SatwatchRules

extension RuleTestCase {
    /// A rule's state at a time offset from the test's start, after every sample at or before it.
    package struct StateCheck: Sendable, Equatable {
        /// Offset from the start.
        package var at: TimeSpan
        /// Rule name.
        package var rule: String
        /// `inactive`, `pending` or `firing`.
        package var state: AlertStatus

        /// `20s hot pending`.
        package var line: String { "\(at.text) \(rule) \(state.rawValue)" }
    }
}
