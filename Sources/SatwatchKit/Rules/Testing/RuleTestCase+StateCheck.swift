extension RuleTestCase {
    /// A rule's state at a time offset from the test's start, after every sample at or before it.
    public struct StateCheck: Sendable, Equatable {
        /// Offset from the start.
        public var at: TimeSpan
        /// Rule name.
        public var rule: String
        /// `inactive`, `pending` or `firing`.
        public var state: AlertStatus

        /// `20s hot pending`.
        public var line: String { "\(at.text) \(rule) \(state.rawValue)" }
    }
}
