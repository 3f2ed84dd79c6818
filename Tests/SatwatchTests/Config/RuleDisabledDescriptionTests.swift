import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// A rule's `"disabled"` and `"description"`: parsed and validated like the rest of the rule,
/// and a disabled rule is never evaluated.
@Suite struct RuleDisabledDescriptionTests {
    static let base = #""name": "r", "metric": "fee.fastest", "above": 10"#

    /// (extra members of the rule, disabled, description, problems)
    @Test(arguments: [
        ("", false, nil, []),
        (#", "disabled": true, "description": "page the on-call when fees spike""#, true, "page the on-call when fees spike", []),
        (#", "disabled": false"#, false, nil, []),
        (#", "disabled": "yes""#, false, nil, ["1:76: expected true or false, found a string"]),
        (#", "description": 3"#, false, nil, ["1:79: expected a string, found a number"]),
    ] as [(String, Bool, String?, [String])])
    func parsesDisabledAndDescription(_ extra: String, _ disabled: Bool, _ description: String?, _ problems: [String]) throws {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("r.json").path
        try Data(#"{"rules": [{\#(Self.base)\#(extra)}]}"#.utf8).write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        let rules = RuleLoader.load(files: [path], context: .init(), log: log)
        #expect(log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == problems)
        guard problems.isEmpty else { return }
        #expect(rules.map(\.isDisabled) == [disabled])
        #expect(rules.map(\.description) == [description])
    }

    @Test func aDisabledRuleIsNotEvaluated() {
        let on = Rule(name: "on", condition: .above(10, metric: "fee.fastest"))
        let off = Rule(name: "off", condition: .above(5, metric: "fee.fastest"), isDisabled: true)
        var engine = RuleEngine(rules: [off, on], defaultChannels: ["log"])
        let changes = engine.ingest(Sample(metric: "fee.fastest", value: 20, at: Timestamp(milliseconds: 0), source: "mempool"))
        #expect(engine.rules.map(\.name) == ["on"])
        #expect(changes.compactMap(\.notification).map(\.rule) == ["on"])
    }
}
