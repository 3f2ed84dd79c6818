import SatwatchBase

/// One test of a rule test file: timed samples in, expected notifications and states out.
package struct RuleTestCase: Sendable, Equatable {
    /// A sample at a time offset from the test's start.
    package struct TimedSample: Sendable, Equatable {
        /// Offset from the start.
        package var at: TimeSpan
        /// Metric name.
        package var metric: String
        /// Value.
        package var value: Double
        /// Publishing feed (default `test`).
        package var source: String
    }

    /// The test's name.
    package var name: String
    /// Samples, in file order.
    package var samples: [TimedSample]
    /// Expected notifications.
    package var expect: [Expected]
    /// Expected rule states at given times, in file order.
    package var states: [StateCheck] = []
    /// Where the test was defined, `path:line:column`.
    package var origin: String
}
