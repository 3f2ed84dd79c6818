import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// A rule file's rules driven through the engine step by step, as the worker would: samples,
/// time passing, a feed going stale, a restart from the saved states and history.
struct ConditionScenario: CustomTestStringConvertible, Sendable {
    enum Step: Sendable {
        /// A sample of `metric` at `minute` (from a UTC midnight), from the `test` feed.
        case sample(String, Double, minute: Double)
        /// Time passes to `minute`, deadline by deadline.
        case advance(minute: Double)
        /// The `test` feed goes stale.
        case stale
        /// The worker restarts: a new engine resumes from the states and history saved now.
        case restart
    }

    let name: String
    /// Rule objects as JSON (`{"name": "r", "metric": …}`), each checked by the real parser.
    let rules: [String]
    let steps: [Step]
    /// `"<minute> <status> <rule>"` per notification, in order.
    let expected: [String]
    var derived: [String: String] = [:]
    var testDescription: String { name }

    /// A UTC midnight: candles and daily closes align on it.
    static let start = Timestamp(milliseconds: 1_735_689_600_000)  // 2025-01-01T00:00:00Z

    static func at(_ minute: Double) -> Timestamp { start + TimeSpan(milliseconds: Int64(minute * 60_000)) }

    /// Parses the rules with the loader `check` uses; fails on any problem.
    func loadRules() throws -> [Rule] {
        try Self.parse(rules)
    }

    static func parse(_ rules: [String]) throws -> [Rule] {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("rules.json").path
        try Data(#"{"rules": [\#(rules.joined(separator: ","))]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        let loaded = RuleLoader.load(files: [path], context: .init(derived: Set(["fee.usd"])), log: log)
        guard log.diagnostics.isEmpty else {
            throw ScenarioError(problems: log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" })
        }
        return loaded
    }

    struct ScenarioError: Error { let problems: [String] }

    /// Runs the steps; returns the notifications and the final engine.
    func run() throws -> (lines: [String], notifications: [SatwatchRules.Notification], engine: RuleEngine) {
        let rules = try loadRules()
        let derivedMetrics = try derived.map { DerivedMetric(name: $0.key, expression: try SatwatchRules.Expression(parsing: $0.value)) }
        var engine = RuleEngine(rules: rules, derived: derivedMetrics, defaultChannels: ["log"])
        var notifications: [SatwatchRules.Notification] = []
        for step in steps {
            switch step {
            case .sample(let metric, let value, let minute):
                notifications += engine.advanceStepwise(to: Self.at(minute)).compactMap(\.notification)
                notifications += engine.ingest(Sample(metric: metric, value: value, at: Self.at(minute), source: "test"))
                    .compactMap(\.notification)
            case .advance(let minute):
                notifications += engine.advanceStepwise(to: Self.at(minute)).compactMap(\.notification)
            case .stale:
                engine.setFeed("test", stale: true)
            case .restart:
                let saved = Dictionary(uniqueKeysWithValues: zip(engine.rules.map(\.name), engine.states))
                let history = engine.historySnapshot
                engine = RuleEngine(rules: rules, derived: derivedMetrics, defaultChannels: ["log"], restoring: saved)
                engine.adopt(history)
            }
        }
        let lines = notifications.map { n in
            "\(DisplayNumber.format(Double((n.at - Self.start).milliseconds) / 60_000)) \(n.status.rawValue) \(n.rule)"
        }
        return (lines, notifications, engine)
    }
}
