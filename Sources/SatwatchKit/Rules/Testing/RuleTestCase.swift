/// One test of a rule test file: timed samples in, expected notifications and states out.
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

    /// The test's name.
    public var name: String
    /// Samples, in file order.
    public var samples: [TimedSample]
    /// Expected notifications.
    public var expect: [Expected]
    /// Expected rule states at given times, in file order.
    public var states: [StateCheck] = []
    /// Where the test was defined, `path:line:column`.
    public var origin: String
}
