@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// `near`: through the real parser and engine (fire on coming within the distance, bounds
/// included; resolve on moving away; a reference that is an expression follows its inputs; a
/// part of `any`), its message, and its keys checked. The condition added as an example of a
/// condition kind: one file, one registry line.
@Suite struct NearConditionTests {
    typealias S = ConditionScenario

    static let scenarios: [S] = [
        S(name: "near fires coming within the percent (bounds included), resolves moving away",
          rules: [#"{"name": "r", "metric": "btc.usd", "near": {"of": 100000, "percent": 2}}"#],
          steps: [.sample("btc.usd", 97000, minute: 0), .sample("btc.usd", 98000, minute: 1), .sample("btc.usd", 101500, minute: 2),
                  .sample("btc.usd", 102001, minute: 3)],
          expected: ["1 firing r", "3 resolved r"]),
        S(name: "near an expression follows its inputs",
          rules: [#"{"name": "r", "metric": "eth.usd", "near": {"of": "btc.usd * 0.035", "percent": 1}}"#],
          steps: [.sample("btc.usd", 100000, minute: 0), .sample("eth.usd", 3400, minute: 1), .sample("btc.usd", 97500, minute: 2),
                  .sample("btc.usd", 90000, minute: 3)],
          expected: ["2 firing r", "3 resolved r"]),
        S(name: "near is a level: a part of any",
          rules: [#"{"name": "r", "any": [{"metric": "btc.usd", "near": {"of": 100000, "percent": 1}}, {"metric": "fee.fastest", "above": 50}]}"#],
          steps: [.sample("btc.usd", 90000, minute: 0), .sample("fee.fastest", 10, minute: 0), .sample("btc.usd", 99500, minute: 1),
                  .sample("btc.usd", 90000, minute: 2)],
          expected: ["1 firing r", "2 resolved r"]),
    ]

    @Test(arguments: scenarios)
    func scenario(_ scenario: ConditionScenario) throws {
        #expect(try scenario.run().lines == scenario.expected)
    }

    @Test func itsMessagesSayHowNear() throws {
        let result = try S(name: "messages", rules: [#"{"name": "r", "metric": "btc.usd", "near": {"of": 100000, "percent": 2}}"#],
                           steps: [.sample("btc.usd", 90000, minute: 0), .sample("btc.usd", 99000, minute: 1),
                                   .sample("btc.usd", 110000, minute: 2)],
                           expected: []).run()
        #expect(result.notifications.map(\.message) == ["btc.usd is 99,000, within 2% of 100,000",
                                                        "btc.usd is 110,000, no longer within 2% of 100,000"])
    }

    @Test(arguments: [
        (#"{"of": 100000}"#, #"missing required key "percent""#),
        (#"{"percent": 2}"#, #"missing required key "of""#),
        (#"{"of": 100000, "percent": 0}"#, #""percent" must be more than 0 and at most 100, found 0"#),
        (#"{"of": 100000, "percent": 2, "pct": 1}"#, #"unknown key "pct""#),
    ])
    func keysAreChecked(_ near: String, _ problem: String) throws {
        #expect(throws: S.ScenarioError.self) { try S.parse([#"{"name": "r", "metric": "btc.usd", "near": \#(near)}"#]) }
        do {
            _ = try S.parse([#"{"name": "r", "metric": "btc.usd", "near": \#(near)}"#])
        } catch let error as S.ScenarioError {
            #expect(error.problems.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") } == [problem])
        }
    }
}
