@testable import SatwatchApp
@testable import SatwatchRules
import Testing

@Suite struct RuleTestRunnerTests {
    /// `hot`: above 20 for 30s, reminded every 10m.
    static let hot = Rule(name: "hot", condition: .above(20, metric: "fee.fastest"), holdFor: .seconds(30),
                          repeatEvery: .minutes(10), channels: ["ops-mail"])

    /// Samples (seconds, value) and how long the test runs → the notifications, as the worker
    /// sends them: its alarm wakes the engine at every deadline, so no reminder is skipped or
    /// moved to the next sample, however far apart the samples are.
    @Test(arguments: [
        // Two samples 25m apart: reminders at 10m30s and 20m30s, not one at 25m.
        ([(0, 25), (1500, 10)], 0, ["30s hot firing", "10m30s hot firing", "20m30s hot firing", "25m hot resolved"]),
        // One sample, time running to the last expectation (25m).
        ([(0, 25)], 1500, ["30s hot firing", "10m30s hot firing", "20m30s hot firing"]),
        // A sample between reminders does not move them.
        ([(0, 25), (900, 26), (1500, 10)], 0, ["30s hot firing", "10m30s hot firing", "20m30s hot firing", "25m hot resolved"]),
        // Resolved before `for` elapsed: nothing.
        ([(0, 25), (20, 10)], 3600, []),
    ] as [([(Int64, Double)], Int64, [String])])
    func everyDeadlineActsOnTime(_ samples: [(Int64, Double)], _ runFor: Int64, _ expected: [String]) {
        let test = RuleTestCase(
            name: "t",
            samples: samples.map { .init(at: .seconds($0.0), metric: "fee.fastest", value: $0.1, source: "test") },
            expect: runFor > 0 ? [.init(at: .seconds(runFor), rule: "hot", status: "resolved")] : [],
            origin: "t.json:1:1")
        let result = RuleTestRunner.run(test, rules: [Self.hot])
        #expect(result.actual.map { "\($0.at.text) \($0.rule) \($0.status)" } == expected)
    }
}
