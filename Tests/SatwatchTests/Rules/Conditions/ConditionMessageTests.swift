@testable import SatwatchBase
@testable import SatwatchDelivery
import Testing

/// What a notification says for each kind: the default message, `{{values}}`, `{{threshold}}`,
/// `resolved_message`, and the values listed for channels.
@Suite struct ConditionMessageTests {
    typealias S = ConditionScenario

    /// (rule, samples as (metric, value, minute), the messages in order, the first one's values)
    static let cases: [(String, [(String, Double, Double)], [String], [String])] = [
        (#"{"name": "r", "metric": "btc.usd", "between": [90000, 100000]}"#,
         [("btc.usd", 95000, 0), ("btc.usd", 101000, 1)],
         ["btc.usd is 95,000, inside 90,000–100,000", "btc.usd is 101,000, left 90,000–100,000"], ["btc.usd = 95000"]),
        (#"{"name": "r", "metric": "btc.usd", "outside": [90000, 100000]}"#,
         [("btc.usd", 101000, 0), ("btc.usd", 95000, 1)],
         ["btc.usd is 101,000, outside 90,000–100,000", "btc.usd is 95,000, back inside 90,000–100,000"], ["btc.usd = 101000"]),
        (#"{"name": "r", "metric": "btc.usd", "crosses_above": "btc.eur * 1.1"}"#,
         [("btc.eur", 90000, 0), ("btc.usd", 98000, 0), ("btc.usd", 100000, 1)],
         ["btc.usd crossed above btc.eur * 1.1 (99,000), now 100,000"],
         ["btc.usd = 100000", "btc.eur * 1.1 = 99000", "btc.eur = 90000"]),
        (#"{"name": "r", "metric": "btc.usd", "change": {"absolute": -5000, "within": "1h"}}"#,
         [("btc.usd", 96000, 0), ("btc.usd", 90765.5, 61)],
         ["btc.usd moved -5,234.5 within 1h (threshold -5,000), now 90,765.5"], ["btc.usd = 90765.5", "change within 1h = -5234.5"]),
        (#"{"name": "r", "metric": "btc.usd", "change": {"percent": -5, "within": "1h"}}"#,
         [("btc.usd", 96000, 0), ("btc.usd", 90765.5, 61)],
         ["btc.usd moved -5.45% within 1h (threshold -5%), now 90,765.5"], ["btc.usd = 90765.5", "change within 1h (%) = -5.4526042"]),
        (#"{"name": "r", "metric": "fee.fastest", "change": {"absolute": 20, "within": "1h"}}"#,
         [("fee.fastest", 10, 0), ("fee.fastest", 35, 61)],
         ["fee.fastest moved +25 within 1h (threshold +20), now 35"], ["fee.fastest = 35", "change within 1h = 25"]),
        (#"{"name": "r", "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "below": 5000000}]}"#,
         [("fee.economy", 2, 0), ("mempool.vsize", 4000000, 1), ("fee.economy", 5, 2)],
         ["all of: fee.economy 2 (below 3), mempool.vsize 4000000 (below 5000000)",
          "no longer all of: fee.economy 5 (below 3), mempool.vsize 4000000 (below 5000000)"],
         ["fee.economy = 2", "mempool.vsize = 4000000"]),
        (#"{"name": "r", "metric": "block.height", "on": "change"}"#,
         [("block.height", 870000, 0), ("block.height", 870001, 10)],
         ["block.height is now 870,001"], ["block.height = 870001"]),
        // A resolve reads as one: where the value went back to, never the firing words.
        (#"{"name": "r", "metric": "btc.usd", "above": 95000}"#, [("btc.usd", 96123.5, 0), ("btc.usd", 94000, 1)],
         ["btc.usd is 96,123.5, above 95,000", "btc.usd is 94,000, back below 95,000"], ["btc.usd = 96123.5"]),
        (#"{"name": "r", "metric": "fee.economy", "below": 3, "clear": 4}"#, [("fee.economy", 2.16, 0), ("fee.economy", 4.5, 1)],
         ["fee.economy is 2.2, below 3", "fee.economy is 4.5, back above 3"], ["fee.economy = 2.16"]),
        // A `message` about the condition is not reused for the resolve (the README's first
        // example): the default resolve text says it.
        (#"{"name": "r", "metric": "btc.usd", "above": 95000, "message": "BTC is {{value}} USD, above {{threshold}}"}"#,
         [("btc.usd", 96123.5, 0), ("btc.usd", 94000, 1)],
         ["BTC is 96,123.5 USD, above 95,000", "btc.usd is 94,000, back below 95,000"], ["btc.usd = 96123.5"]),
        (#"{"name": "r", "metric": "btc.usd", "above": 95000, "message": "{{name}}: {{values}}"}"#,
         [("btc.usd", 96000, 0), ("btc.usd", 94000, 1)], ["r: btc.usd = 96,000", "btc.usd is 94,000, back below 95,000"],
         ["btc.usd = 96000"]),
        // One that says nothing about it is: it reads alike either way, under [RESOLVED]; so is
        // one that says which state it tells (`{{status}}`), written for both.
        (#"{"name": "r", "metric": "btc.usd", "above": 95000, "message": "{{name}} on {{metric}}"}"#,
         [("btc.usd", 96000, 0), ("btc.usd", 94000, 1)], ["r on btc.usd", "r on btc.usd"], ["btc.usd = 96000"]),
        (#"{"name": "r", "metric": "btc.usd", "above": 95000, "message": "{{metric}} {{value}} ({{status}})"}"#,
         [("btc.usd", 96000, 0), ("btc.usd", 94000, 1)], ["btc.usd 96,000 (firing)", "btc.usd 94,000 (resolved)"],
         ["btc.usd = 96000"]),
        (#"{"name": "r", "metric": "btc.usd", "above": "btc.eur + 5000", "message": "{{value}} over {{threshold}}: {{values}}", "resolved_message": "calm again at {{value}} ({{status}})"}"#,
         [("btc.eur", 90000, 0), ("btc.usd", 96000, 1), ("btc.usd", 94000, 2)],
         ["96,000 over btc.eur + 5000 (95,000): btc.usd = 96,000, btc.eur + 5000 = 95,000, btc.eur = 90,000", "calm again at 94,000 (resolved)"],
         ["btc.usd = 96000", "btc.eur + 5000 = 95000", "btc.eur = 90000"]),
    ]

    @Test(arguments: cases)
    func messages(_ rule: String, _ samples: [(String, Double, Double)], _ messages: [String], _ values: [String]) throws {
        let scenario = S(name: rule, rules: [rule], steps: samples.map { .sample($0.0, $0.1, minute: $0.2) }, expected: [])
        let notifications = try scenario.run().notifications
        #expect(notifications.map(\.message) == messages)
        #expect(notifications.first?.values.map { "\($0.name) = \(DisplayNumber.format($0.value))" } == values)
    }

    @Test func channelsListEveryValueAndAlertmanagerCarriesThem() throws {
        let scenario = S(name: "sma", rules: [#"{"name": "r", "metric": "btc.usd", "above": "btc.eur * 1.1"}"#],
                         steps: [.sample("btc.eur", 90000, minute: 0), .sample("btc.usd", 100000, minute: 1)], expected: [])
        let notification = try #require(scenario.run().notifications.first)
        let alert = AlertmanagerAlert(notification)
        #expect(alert.annotations.first { $0.name == "values" }?.value == "btc.usd = 100000, btc.eur * 1.1 = 99000, btc.eur = 90000")
        #expect(alert.annotations.first { $0.name == "threshold" }?.value == "99000")
        let lines = NotificationText.summaryLine(notification).split(separator: "\n")
        #expect(lines.dropFirst() == ["btc.eur * 1.1 = 99,000", "btc.eur = 90,000"])
        #expect(NotificationText.facts(notification).contains { $0 == ("btc.eur * 1.1", "99,000") })
    }

    @Test func aBandHasNoSingleThreshold() throws {
        let scenario = S(name: "band", rules: [#"{"name": "r", "metric": "btc.usd", "between": [1, 2]}"#],
                         steps: [.sample("btc.usd", 1.5, minute: 0)], expected: [])
        let notification = try #require(scenario.run().notifications.first)
        #expect(AlertmanagerAlert(notification).annotations.map(\.name) == ["summary", "value", "values"])
        #expect(!NotificationText.facts(notification).contains { $0.0 == "Threshold" })
    }
}
