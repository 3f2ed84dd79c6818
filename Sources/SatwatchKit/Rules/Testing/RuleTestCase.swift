/// One test of a rule test file: timed samples in, expected notifications out.
public struct RuleTestCase: Sendable, Equatable {
    /// A sample at a time offset from the test's start.
    public struct TimedSample: Sendable, Equatable {
        /// Offset from the start.
        public var at: TimeSpan
        /// Metric name.
        public var metric: String
        /// Value.
        public var value: Double
        /// Publishing feed (default `test`).
        public var source: String
    }

    /// A notification at a time offset from the test's start.
    public struct Expected: Sendable, Hashable, Comparable {
        /// Offset from the start.
        public var at: TimeSpan
        /// Rule name.
        public var rule: String
        /// `firing` or `resolved`.
        public var status: String

        public static func < (lhs: Expected, rhs: Expected) -> Bool {
            (lhs.at, lhs.rule, lhs.status) < (rhs.at, rhs.rule, rhs.status)
        }

        /// `40s btc-above-100k firing`.
        public var line: String { "\(at.text) \(rule) \(status)" }
    }

    /// The test's name.
    public var name: String
    /// Samples, in file order.
    public var samples: [TimedSample]
    /// Expected notifications.
    public var expect: [Expected]
    /// Where the test was defined, `path:line:column`.
    public var origin: String
}
