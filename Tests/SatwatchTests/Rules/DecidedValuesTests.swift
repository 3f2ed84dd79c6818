@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// What a rule shows (the page, the API, `status`) is what it decided on: a change carries its
/// criterion worded at the values it decided on, and a state committed with it no longer says
/// what the rule waited for.
@Suite struct DecidedValuesTests {
    typealias S = ConditionScenario

    /// (rule, samples as (metric, value), the criterion of the change the last sample made, the
    /// values its state keeps for `status`)
    static let cases: [(String, [(String, Double)], String, [ObservedValue])] = [
        // The first part came last: before it, the compound could not decide.
        (#"{"name": "r", "all": [{"metric": "btc.usd", "above": 90000}, {"metric": "fee.economy", "below": 5}]}"#,
         [("fee.economy", 3), ("btc.usd", 95000)], "all of: btc.usd 95000 (above 90000), fee.economy 3 (below 5)",
         [ObservedValue("btc.usd", 95000), ObservedValue("fee.economy", 3)]),
        (#"{"name": "r", "any": [{"metric": "btc.usd", "above": 90000}, {"metric": "fee.economy", "below": 5}]}"#,
         [("btc.usd", 80000), ("fee.economy", 3)], "any of: btc.usd 80000 (above 90000), fee.economy 3 (below 5)",
         [ObservedValue("btc.usd", 80000), ObservedValue("fee.economy", 3)]),
        // A rule on one metric: its last value says it.
        (#"{"name": "r", "metric": "btc.usd", "above": "btc.eur + 5000"}"#,
         [("btc.eur", 90000), ("btc.usd", 96000)], "above btc.eur + 5000 (95000)", []),
    ]

    @Test(arguments: cases)
    func aChangeCarriesTheCriterionAtTheValuesItDecidedOn(_ rule: String, _ samples: [(String, Double)], _ criterion: String,
                                                          _ values: [ObservedValue]) throws {
        var engine = RuleEngine(rules: try S.parse([rule]), defaultChannels: ["log"])
        var changes: [RuleChange] = []
        for (minute, sample) in samples.enumerated() {
            // Waiting is noted as the flush notes it, between samples.
            engine.refreshWaiting()
            changes = engine.ingest(Sample(metric: sample.0, value: sample.1, at: S.at(Double(minute)), source: "test"))
        }
        let change = try #require(changes.last)
        #expect(change.state.status == .firing)
        #expect(change.criterion == criterion)
        #expect(change.state.waiting == nil)
        #expect(change.state.decidedValues == values)
        #expect(engine.overview.first?.criterion == criterion)
    }
}
