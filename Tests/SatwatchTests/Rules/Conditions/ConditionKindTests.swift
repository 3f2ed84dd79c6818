@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// Every condition kind through the real parser and engine: fire, hold, resolve, hysteresis,
/// missing data, restarts. One row per behaviour.
@Suite struct ConditionKindTests {
    typealias S = ConditionScenario

    static let bands: [S] = [
        S(name: "between fires on entering, resolves on leaving (bounds included)",
          rules: [#"{"name": "r", "metric": "btc.usd", "between": [90000, 100000]}"#],
          steps: [.sample("btc.usd", 89000, minute: 0), .sample("btc.usd", 90000, minute: 1), .sample("btc.usd", 99000, minute: 2),
                  .sample("btc.usd", 100001, minute: 3)],
          expected: ["1 firing r", "3 resolved r"]),
        S(name: "outside fires on leaving, resolves on re-entering",
          rules: [#"{"name": "r", "metric": "btc.usd", "outside": [90000, 100000]}"#],
          steps: [.sample("btc.usd", 95000, minute: 0), .sample("btc.usd", 89999, minute: 1), .sample("btc.usd", 80000, minute: 2),
                  .sample("btc.usd", 90000, minute: 3)],
          expected: ["1 firing r", "3 resolved r"]),
        S(name: "between with for holds before firing",
          rules: [#"{"name": "r", "metric": "btc.usd", "between": [90000, 100000], "for": "5m"}"#],
          steps: [.sample("btc.usd", 95000, minute: 0), .sample("btc.usd", 101000, minute: 3), .sample("btc.usd", 95000, minute: 4),
                  .advance(minute: 10)],
          expected: ["9 firing r"]),
        S(name: "a band on expressions follows its inputs",
          rules: [#"{"name": "r", "metric": "eth.usd", "outside": ["btc.usd * 0.03", "btc.usd * 0.04"]}"#],
          steps: [.sample("btc.usd", 100000, minute: 0), .sample("eth.usd", 3500, minute: 1), .sample("btc.usd", 80000, minute: 2),
                  .sample("btc.usd", 100000, minute: 3)],
          expected: ["2 firing r", "3 resolved r"]),
    ]

    static let crossings: [S] = [
        S(name: "crosses_above fires once per crossing from below, never resolves",
          rules: [#"{"name": "r", "metric": "btc.usd", "crosses_above": 100000}"#],
          steps: [.sample("btc.usd", 99000, minute: 0), .sample("btc.usd", 101000, minute: 1), .sample("btc.usd", 102000, minute: 2),
                  .sample("btc.usd", 99000, minute: 3), .sample("btc.usd", 100500, minute: 4)],
          expected: ["1 firing r", "4 firing r"]),
        S(name: "the first sample only sets the side; the level itself keeps it",
          rules: [#"{"name": "r", "metric": "btc.usd", "crosses_above": 100000}"#],
          steps: [.sample("btc.usd", 101000, minute: 0), .sample("btc.usd", 100000, minute: 1), .sample("btc.usd", 101000, minute: 2),
                  .sample("btc.usd", 99000, minute: 3), .sample("btc.usd", 100000, minute: 4), .sample("btc.usd", 100001, minute: 5)],
          expected: ["5 firing r"]),
        S(name: "crosses_below mirrors",
          rules: [#"{"name": "r", "metric": "fee.economy", "crosses_below": 3}"#],
          steps: [.sample("fee.economy", 4, minute: 0), .sample("fee.economy", 2, minute: 1), .sample("fee.economy", 5, minute: 2),
                  .sample("fee.economy", 1, minute: 3)],
          expected: ["1 firing r", "3 firing r"]),
        S(name: "a crossing across a restart is announced once; the side survives it",
          rules: [#"{"name": "r", "metric": "btc.usd", "crosses_above": 100000}"#],
          steps: [.sample("btc.usd", 99000, minute: 0), .restart, .sample("btc.usd", 101000, minute: 5), .restart,
                  .sample("btc.usd", 101500, minute: 6)],
          expected: ["5 firing r"]),
        S(name: "missing data is not a crossing: a stale feed keeps the side",
          rules: [#"{"name": "r", "metric": "btc.usd", "crosses_below": 100000}"#],
          steps: [.sample("btc.usd", 101000, minute: 0), .stale, .sample("btc.usd", 99000, minute: 10)],
          expected: ["10 firing r"]),
    ]

    static let changes: [S] = [
        S(name: "change absolute fires on a move in the metric's unit, resolves past clear",
          rules: [#"{"name": "r", "metric": "fee.fastest", "change": {"absolute": 20, "within": "1h"}, "clear": 10}"#],
          steps: [.sample("fee.fastest", 10, minute: 0), .sample("fee.fastest", 25, minute: 61), .sample("fee.fastest", 35, minute: 62),
                  .sample("fee.fastest", 25, minute: 63), .sample("fee.fastest", 15, minute: 64)],
          expected: ["62 firing r", "64 resolved r"]),
        S(name: "change percent keeps working as in version 1",
          rules: [#"{"name": "r", "metric": "btc.usd", "change": {"percent": -5, "within": "1h"}}"#],
          steps: [.sample("btc.usd", 100000, minute: 0), .sample("btc.usd", 96000, minute: 60), .sample("btc.usd", 94000, minute: 61)],
          expected: ["61 firing r"]),
        S(name: "change within a day or more compares with recent samples, not daily closes",
          rules: [#"{"name": "r", "metric": "btc.usd", "change": {"percent": -5, "within": "24h"}}"#],
          steps: [.sample("btc.usd", 100000, minute: 0), .sample("btc.usd", 97000, minute: 720), .sample("btc.usd", 94000, minute: 1440)],
          expected: ["1440 firing r"]),
    ]

    static let compounds: [S] = [
        S(name: "all fires when every part holds and resolves when one stops",
          rules: [#"{"name": "r", "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "below": 5000000}]}"#],
          steps: [.sample("fee.economy", 2, minute: 0), .sample("mempool.vsize", 6000000, minute: 1), .sample("mempool.vsize", 4000000, minute: 2),
                  .sample("fee.economy", 4, minute: 3)],
          expected: ["2 firing r", "3 resolved r"]),
        S(name: "all is unknown, not false, while a part has no value: nothing fires or resolves",
          rules: [#"{"name": "r", "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "below": 5000000}]}"#],
          steps: [.sample("fee.economy", 2, minute: 0), .sample("fee.economy", 1, minute: 1)],
          expected: []),
        S(name: "a stale part keeps a firing compound firing",
          rules: [#"{"name": "r", "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "below": 5000000}]}"#],
          steps: [.sample("fee.economy", 2, minute: 0), .sample("mempool.vsize", 1000, minute: 1), .stale,
                  .sample("fee.economy", 1, minute: 2), .sample("fee.economy", 2, minute: 3)],
          expected: ["1 firing r"]),
        S(name: "any fires on the first part that holds, resolves when none does",
          rules: [#"{"name": "r", "any": [{"metric": "fee.fastest", "above": 100}, {"metric": "mempool.count", "above": 200000}]}"#],
          steps: [.sample("fee.fastest", 50, minute: 0), .sample("mempool.count", 100000, minute: 1), .sample("mempool.count", 250000, minute: 2),
                  .sample("fee.fastest", 150, minute: 3), .sample("mempool.count", 1000, minute: 4), .sample("fee.fastest", 20, minute: 5)],
          expected: ["2 firing r", "5 resolved r"]),
        S(name: "a restart mid-for keeps the compound's pending start",
          rules: [#"{"name": "r", "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "between": [0, 5000000]}], "for": "10m"}"#],
          steps: [.sample("fee.economy", 2, minute: 0), .sample("mempool.vsize", 1000, minute: 1), .restart,
                  .sample("fee.economy", 2, minute: 5), .sample("mempool.vsize", 1000, minute: 6), .advance(minute: 20)],
          expected: ["11 firing r"]),
    ]

    static let events: [S] = [
        S(name: "on change announces each new value, the first only sets it",
          rules: [#"{"name": "r", "metric": "block.height", "on": "change"}"#],
          steps: [.sample("block.height", 870000, minute: 0), .sample("block.height", 870000, minute: 1),
                  .sample("block.height", 870001, minute: 10), .sample("block.height", 870002, minute: 20)],
          expected: ["10 firing r", "20 firing r"]),
        S(name: "on change across a restart: a block found while down is announced once",
          rules: [#"{"name": "r", "metric": "block.height", "on": "change"}"#],
          steps: [.sample("block.height", 870000, minute: 0), .restart, .sample("block.height", 870003, minute: 30),
                  .restart, .sample("block.height", 870003, minute: 31)],
          expected: ["30 firing r"]),
        S(name: "once: the first notification disables the rule, across restarts",
          rules: [#"{"name": "r", "metric": "btc.usd", "above": 100000, "once": true}"#],
          steps: [.sample("btc.usd", 101000, minute: 0), .sample("btc.usd", 99000, minute: 1), .restart,
                  .sample("btc.usd", 102000, minute: 2)],
          expected: ["0 firing r"]),
    ]

    static let candles: [S] = [
        S(name: "a 1h candle decides on its close only",
          rules: [#"{"name": "r", "metric": "btc.usd", "above": 100000, "candle": "1h"}"#],
          steps: [.sample("btc.usd", 101000, minute: 5), .sample("btc.usd", 99000, minute: 59), .sample("btc.usd", 99500, minute: 70),
                  .sample("btc.usd", 101000, minute: 119), .advance(minute: 121)],
          expected: ["120 firing r"]),
        S(name: "candle with for: holds over two closes",
          rules: [#"{"name": "r", "metric": "btc.usd", "above": 100000, "candle": "1h", "for": "1h"}"#],
          steps: [.sample("btc.usd", 101000, minute: 30), .sample("btc.usd", 101000, minute: 90), .advance(minute: 119),
                  .sample("btc.usd", 101000, minute: 150), .advance(minute: 181)],
          expected: ["120 firing r"]),
        S(name: "a half-built candle survives a restart and closes once with its close",
          rules: [#"{"name": "r", "metric": "btc.usd", "crosses_above": 100000, "candle": "15m"}"#],
          steps: [.sample("btc.usd", 99000, minute: 1), .advance(minute: 16), .sample("btc.usd", 101000, minute: 20), .restart,
                  .sample("btc.usd", 101000, minute: 47), .advance(minute: 61)],
          expected: ["30 firing r"]),
        S(name: "a candle whose feed went stale closes on the next sample, at its own end",
          rules: [#"{"name": "r", "metric": "btc.usd", "above": 100000, "candle": "1h"}"#],
          steps: [.sample("btc.usd", 101000, minute: 10), .stale, .advance(minute: 90), .sample("btc.usd", 99000, minute: 130)],
          expected: ["60 firing r"]),
    ]

    static let expressions: [S] = [
        S(name: "a threshold on another metric re-evaluates when that metric moves",
          rules: [#"{"name": "r", "metric": "eth.btc", "below": "eth.usd / btc.usd * 0.99"}"#],
          steps: [.sample("eth.usd", 3000, minute: 0), .sample("btc.usd", 100000, minute: 0), .sample("eth.btc", 0.03, minute: 1),
                  .sample("eth.usd", 3100, minute: 2), .sample("eth.usd", 3000, minute: 3)],
          expected: ["2 firing r", "3 resolved r"]),
        S(name: "a short window reads recent samples and waits until it covers its span",
          rules: [#"{"name": "r", "metric": "btc.usd", "above": "max(btc.usd, 10m) * 0.999", "for": "0s"}"#],
          steps: [.sample("btc.usd", 100000, minute: 0), .sample("btc.usd", 100050, minute: 5), .sample("btc.usd", 99000, minute: 11),
                  .sample("btc.usd", 99950, minute: 12), .sample("btc.usd", 90000, minute: 13)],
          expected: ["12 firing r", "13 resolved r"]),
        S(name: "a derived metric is computed from its inputs and fires like any metric",
          rules: [#"{"name": "r", "metric": "fee.usd", "above": 5}"#],
          steps: [.sample("fee.fastest", 10, minute: 0), .sample("btc.usd", 100000, minute: 1), .sample("fee.fastest", 40, minute: 2)],
          expected: ["2 firing r"], derived: ["fee.usd": "fee.fastest * 140 * btc.usd / 1e8"]),
    ]

    @Test(arguments: bands + crossings + changes + compounds + events + candles + expressions)
    func scenario(_ scenario: ConditionScenario) throws {
        let result = try scenario.run()
        #expect(result.lines == scenario.expected)
    }
}

/// A sample stamped before the engine's time (CoinGecko's `last_updated_at` beside live feeds)
/// is evaluated now: rule time never runs backwards.
@Suite struct EngineClockTests {
    /// An `any` rule whose first part has no data yet fires on its second: the notification and
    /// the stored state carry the value that decided, not NaN (the first part's unknown value).
    @Test func anyFiringOnALaterPartCarriesAKnownValue() throws {
        let rules = try ConditionScenario.parse([#"{"name": "r", "any": [{"metric": "fee.fastest", "above": 100}, {"metric": "mempool.count", "above": 200000}]}"#])
        var engine = RuleEngine(rules: rules)
        let fired = engine.ingest(Sample(metric: "mempool.count", value: 250_000, at: ConditionScenario.at(1), source: "test"))
            .compactMap(\.notification)
        #expect(fired.map(\.status) == [.firing])
        #expect(fired.map(\.value) == [250_000])
        #expect(engine.states[0].lastValue == 250_000)
    }

    @Test func anOlderSampleIsEvaluatedAtTheEnginesTime() throws {
        let rules = try ConditionScenario.parse([#"{"name": "r", "metric": "sol.eur", "above": 100, "for": "1m"}"#])
        var engine = RuleEngine(rules: rules)
        _ = engine.advance(to: ConditionScenario.at(10))
        _ = engine.ingest(Sample(metric: "sol.eur", value: 120, at: ConditionScenario.at(9), source: "coingecko"))
        #expect(engine.states[0].activeSince == ConditionScenario.at(10), "pending from the engine's time, not a minute back")
        let fired = engine.advance(to: ConditionScenario.at(11)).compactMap(\.notification)
        #expect(fired.map(\.at) == [ConditionScenario.at(11)])
    }
}
