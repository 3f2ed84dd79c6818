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
         ["btc.usd is 95000, inside 90000–100000", "btc.usd is 101000, left 90000–100000"], ["btc.usd = 95000"]),
        (#"{"name": "r", "metric": "btc.usd", "outside": [90000, 100000]}"#,
         [("btc.usd", 101000, 0), ("btc.usd", 95000, 1)],
         ["btc.usd is 101000, outside 90000–100000", "btc.usd is 95000, back inside 90000–100000"], ["btc.usd = 101000"]),
        (#"{"name": "r", "metric": "btc.usd", "crosses_above": "btc.eur * 1.1"}"#,
         [("btc.eur", 90000, 0), ("btc.usd", 98000, 0), ("btc.usd", 100000, 1)],
         ["btc.usd crossed above btc.eur * 1.1 (99000), now 100000"],
         ["btc.usd = 100000", "btc.eur * 1.1 = 99000", "btc.eur = 90000"]),
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
         ["block.height is now 870001"], ["block.height = 870001"]),
        (#"{"name": "r", "metric": "btc.usd", "above": "btc.eur + 5000", "message": "{{value}} over {{threshold}}: {{values}}", "resolved_message": "calm again at {{value}} ({{status}})"}"#,
         [("btc.eur", 90000, 0), ("btc.usd", 96000, 1), ("btc.usd", 94000, 2)],
         ["96000 over btc.eur + 5000 (95000): btc.usd = 96000, btc.eur + 5000 = 95000, btc.eur = 90000", "calm again at 94000 (resolved)"],
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
        #expect(lines.dropFirst() == ["btc.eur * 1.1 = 99000", "btc.eur = 90000"])
        #expect(NotificationText.facts(notification).contains { $0 == ("btc.eur * 1.1", "99000") })
    }

    @Test func aBandHasNoSingleThreshold() throws {
        let scenario = S(name: "band", rules: [#"{"name": "r", "metric": "btc.usd", "between": [1, 2]}"#],
                         steps: [.sample("btc.usd", 1.5, minute: 0)], expected: [])
        let notification = try #require(scenario.run().notifications.first)
        #expect(AlertmanagerAlert(notification).annotations.map(\.name) == ["summary", "value", "values"])
        #expect(!NotificationText.facts(notification).contains { $0.0 == "Threshold" })
    }
}
