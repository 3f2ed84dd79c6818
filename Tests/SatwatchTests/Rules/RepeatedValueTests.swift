@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// A sample that repeats a fresh value does not evaluate the rules that decide on values alone
/// (`RuleEngine.decidesOnValues`), and that changes nothing a rule does: checked against an engine
/// that evaluates every rule on every sample, over seeded random runs of every condition kind.
@Suite struct RepeatedValueTests {
    /// Every condition kind, with `for`, `clear`, `repeat`, `once`, a pinned feed, an expression on
    /// another metric; the windows, crossings, `change` and `on` rules must be evaluated on every
    /// sample, the others may be skipped.
    static let rules = [
        #"{"name": "level", "metric": "btc.usd", "above": 100, "for": "2m", "repeat": "5m", "clear": 98}"#,
        #"{"name": "below", "metric": "btc.usd", "below": 97}"#,
        #"{"name": "band", "metric": "btc.usd", "between": [96, 102], "for": "1m"}"#,
        #"{"name": "outside", "metric": "btc.usd", "outside": [97, 101], "repeat": "3m"}"#,
        #"{"name": "pinned", "metric": "btc.usd", "source": "kraken", "above": 99}"#,
        #"{"name": "expression", "metric": "btc.usd", "above": "fee.economy * 50"}"#,
        #"{"name": "compound", "all": [{"metric": "fee.economy", "below": 2}, {"metric": "btc.usd", "above": 98}]}"#,
        #"{"name": "once", "metric": "btc.usd", "above": 101, "once": true}"#,
        #"{"name": "sma", "metric": "btc.usd", "above": "sma(btc.usd, 10m)"}"#,
        #"{"name": "max", "metric": "btc.usd", "below": "max(btc.usd, 10m) - 3"}"#,
        #"{"name": "crossing", "metric": "btc.usd", "crosses_above": 100}"#,
        #"{"name": "change", "metric": "btc.usd", "change": {"percent": 2, "within": "10m"}}"#,
        #"{"name": "new", "metric": "fee.economy", "on": "change"}"#,
    ]

    @Test func onlyRulesThatDecideOnValuesAloneAreSkipped() throws {
        let engine = RuleEngine(rules: try ConditionScenario.parse(Self.rules))
        let skippable = zip(engine.rules, engine.decidesOnValues).filter(\.1).map(\.0.name)
        #expect(skippable == ["level", "below", "band", "outside", "pinned", "expression", "compound", "once"])
    }

    /// A mempool fee frame that moves one of its values evaluates the rules of that one, and the
    /// rules that read history.
    @Test func aFrameRepeatingMostValuesEvaluatesTheRulesOfTheOneThatMoved() throws {
        let rules = try ConditionScenario.parse([
            #"{"name": "fast", "metric": "fee.fastest", "above": 10}"#,
            #"{"name": "fast-sma", "metric": "fee.fastest", "above": "sma(fee.fastest, 1h) * 2"}"#,
            #"{"name": "economy", "metric": "fee.economy", "below": 2, "for": "1d"}"#,
            #"{"name": "half-hour", "metric": "fee.half_hour", "above": 100}"#,
            #"{"name": "hour-change", "metric": "fee.hour", "change": {"absolute": 5, "within": "1h"}}"#,
        ])
        var engine = RuleEngine(rules: rules)
        func frame(fastest: Double, at second: Int64) -> Int {
            let before = engine.evaluations
            for (metric, value) in [("fee.fastest", fastest), ("fee.half_hour", 3), ("fee.hour", 2), ("fee.economy", 1)] {
                _ = engine.ingest(Sample(metric: metric, value: value, at: Timestamp(milliseconds: second * 1000), source: "mempool"))
            }
            return engine.evaluations - before
        }
        #expect(frame(fastest: 5, at: 0) == 5)
        // Nothing moved: the window and the `change` rule only.
        #expect(frame(fastest: 5, at: 1) == 2)
        // fee.fastest moved: its two rules and the `change` rule.
        #expect(frame(fastest: 12, at: 2) == 3)
        // A feed that went stale and came back with the same values is heard again.
        engine.setFeed("mempool", stale: true)
        #expect(frame(fastest: 12, at: 3) == 5)
        // The same value from another feed is a new reading.
        _ = engine.ingest(Sample(metric: "fee.half_hour", value: 3, at: Timestamp(milliseconds: 4000), source: "other"))
        #expect(engine.evaluations == 16)
    }

    /// Seeded runs of samples drawn from a few values (so most repeat), from two feeds, with time
    /// passing, feeds going stale and restarts: after every step the skipping engine has made the
    /// same changes and holds the same states as one that evaluates every rule every time (but
    /// when a skipped rule last observed its unchanged value).
    @Test(arguments: 0..<20 as Range<UInt64>)
    func skippingChangesNothingARuleDoes(seed: UInt64) throws {
        let rules = try ConditionScenario.parse(Self.rules)
        var random = SplitMix64(seed: seed)
        var skipping = RuleEngine(rules: rules, defaultChannels: ["log"])
        var reference = Self.restarted(skipping, skipping: false)
        var now = ConditionScenario.start
        // Evaluations made by engines a restart replaced: (skipping, reference).
        var evaluated = (0, 0)
        for step in 0..<600 {
            let (a, b): ([RuleChange], [RuleChange])
            switch random.below(20) {
            case 0:
                let feed = random.below(2) == 0 ? "test" : "kraken"
                skipping.setFeed(feed, stale: true)
                reference.setFeed(feed, stale: true)
                (a, b) = ([], [])
            case 1:
                now = now + .seconds(Int64(random.below(600)))
                (a, b) = (skipping.advanceStepwise(to: now), reference.advanceStepwise(to: now))
            case 2:
                evaluated = (evaluated.0 + skipping.evaluations, evaluated.1 + reference.evaluations)
                (skipping, reference) = (Self.restarted(skipping, skipping: true), Self.restarted(reference, skipping: false))
                (a, b) = ([], [])
            default:
                now = now + .seconds(Int64(random.below(40)))
                let sample = random.below(4) == 0
                    ? Sample(metric: "fee.economy", value: Double(1 + random.below(3)), at: now, source: "test")
                    : Sample(metric: "btc.usd", value: Double(95 + random.below(9)), at: now,
                             source: random.below(5) == 0 ? "kraken" : "test")
                (a, b) = (skipping.advanceStepwise(to: now) + skipping.ingest(sample),
                          reference.advanceStepwise(to: now) + reference.ingest(sample))
            }
            let changesAgree = a.count == b.count && zip(a, b).allSatisfy { Self.same($0, $1) }
            #expect(changesAgree, "seed \(seed), step \(step): \(a) against \(b)")
            let differing = skipping.states.indices.filter { !Self.same(skipping.states[$0], reference.states[$0]) }
            #expect(differing.isEmpty, "seed \(seed), step \(step): \(differing.map { skipping.rules[$0].name })")
            if !changesAgree || !differing.isEmpty { return }
        }
        #expect(evaluated.0 + skipping.evaluations < evaluated.1 + reference.evaluations)
    }

    /// A new engine on `engine`'s rules that resumes from its states and history, as after a
    /// restart.
    static func restarted(_ engine: RuleEngine, skipping: Bool) -> RuleEngine {
        let saved = Dictionary(uniqueKeysWithValues: zip(engine.rules.map(\.name), engine.states))
        var restarted = RuleEngine(rules: engine.rules, defaultChannels: engine.defaultChannels, restoring: saved)
        restarted.skipsRepeatedValues = skipping
        restarted.adopt(engine.historySnapshot)
        return restarted
    }

    /// Whether two changes are alike but for when the rule last observed its value: a skipped
    /// rule observed the same value earlier.
    static func same(_ a: RuleChange, _ b: RuleChange) -> Bool {
        a.rule == b.rule && same(a.state, b.state) && a.notification?.id == b.notification?.id
            && a.notification?.status == b.notification?.status && a.notification?.at == b.notification?.at
            && a.notification?.value.bitPattern == b.notification?.value.bitPattern
    }

    /// Whether two states are alike but for when the rule last observed its value (and a NaN
    /// last value equals itself).
    static func same(_ a: RuleState, _ b: RuleState) -> Bool {
        var (a, b) = (a, b)
        (a.lastObservedAt, b.lastObservedAt) = (nil, nil)
        guard a.lastValue?.bitPattern == b.lastValue?.bitPattern else { return false }
        (a.lastValue, b.lastValue) = (nil, nil)
        return a == b
    }
}
