import SatwatchBase
import SatwatchRules

/// Runs a rule test: feeds its samples through a fresh `RuleEngine` in test time, letting time
/// pass between samples deadline by deadline as the worker's alarm does, so each `for` and
/// `repeat` acts at its own time; collects the notifications and the states asked for.
package enum RuleTestRunner {
    /// The outcome of one test.
    package struct Result: Sendable {
        /// The test.
        package var test: RuleTestCase
        /// What happened, sorted, with every field.
        package var actual: [RuleTestCase.Expected]
        /// The states found, parallel to `test.states`.
        package var states: [RuleTestCase.StateCheck]
        /// The notifications against the expectation.
        package var comparison: RuleTestComparison { RuleTestComparison(expected: test.expect, actual: actual) }
        /// Whether everything happened as expected.
        package var passed: Bool { comparison.matches && states == test.states }
    }

    /// Runs `test` against `rules` (with `derived` metrics). No channel is contacted; a rule
    /// naming no channels has none.
    package static func run(_ test: RuleTestCase, rules: [Rule], derived: [DerivedMetric] = []) -> Result {
        var engine = RuleEngine(rules: rules, derived: derived)
        var changes: [RuleChange] = []
        var states = test.states
        // Each state is read after every sample at or before its time (ties keep file order).
        let samples = test.samples.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        let checks = test.states.indices.sorted { (test.states[$0].at, $0) < (test.states[$1].at, $1) }
        var nextCheck = checks.startIndex
        func readStates(before limit: TimeSpan?) {
            while nextCheck < checks.endIndex, limit.map({ test.states[checks[nextCheck]].at < $0 }) ?? true {
                let index = checks[nextCheck]
                changes += engine.advanceStepwise(to: .epoch + states[index].at)
                if let rule = engine.rules.firstIndex(where: { $0.name == states[index].rule }) {
                    states[index].state = engine.states[rule].status
                }
                nextCheck += 1
            }
        }
        for timed in samples {
            readStates(before: timed.at)
            let at = Timestamp.epoch + timed.at
            changes += engine.advanceStepwise(to: at)
            changes += engine.ingest(Sample(metric: timed.metric, value: timed.value, at: at, source: timed.source, headlines: timed.headlines))
        }
        readStates(before: nil)
        let end = ([samples.last?.at, test.expect.map(\.at).max(), test.states.map(\.at).max()].compactMap { $0 }).max() ?? .zero
        changes += engine.advanceStepwise(to: .epoch + end)
        let actual = changes.compactMap(\.notification).map {
            RuleTestCase.Expected(at: $0.at - .epoch, rule: $0.rule, status: $0.status.rawValue,
                                  message: $0.message, labels: $0.labels, channels: $0.channels)
        }
        return Result(test: test, actual: actual.sorted(), states: states)
    }
}
