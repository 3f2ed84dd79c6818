/// Runs a rule test: feeds its samples through a fresh `RuleEngine` in test time, letting time
/// pass between samples deadline by deadline as the worker's alarm does, so each `for` and
/// `repeat` acts at its own time, and collects the notifications.
public enum RuleTestRunner {
    /// The outcome of one test.
    public struct Result: Sendable, Equatable {
        /// The test.
        public var test: RuleTestCase
        /// What happened, sorted.
        public var actual: [RuleTestCase.Expected]
        /// Whether `actual` equals the expectation.
        public var passed: Bool { actual == test.expect.sorted() }
    }

    /// Runs `test` against `rules`. No channel is contacted.
    public static func run(_ test: RuleTestCase, rules: [Rule]) -> Result {
        var engine = RuleEngine(rules: rules, defaultChannels: ["test"])
        var changes: [RuleChange] = []
        let samples = test.samples.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        for (_, timed) in samples {
            let at = Timestamp.epoch + timed.at
            changes += engine.advanceStepwise(to: at)
            changes += engine.ingest(Sample(metric: timed.metric, value: timed.value, at: at, source: timed.source))
        }
        let end = max(samples.last?.element.at ?? .zero, test.expect.map(\.at).max() ?? .zero)
        changes += engine.advanceStepwise(to: .epoch + end)
        let actual = changes.compactMap(\.notification).map {
            RuleTestCase.Expected(at: $0.at - .epoch, rule: $0.rule, status: $0.status.rawValue)
        }
        return Result(test: test, actual: actual.sorted())
    }
}
