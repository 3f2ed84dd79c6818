import SatwatchBase
import SatwatchRules


/// Evaluations per second of the newer condition kinds, over the same wandering `btc.usd`
/// stream as `RuleEvaluationBench` (nothing fires):
/// - compound: `all` of two level conditions on two metrics, both evaluated every time (the
///   first holds, the second does not);
/// - SMA: `above: "sma(btc.usd, 200d) * 3"`, the window full from 210 seeded daily closes.
enum ConditionEvaluationBench {
    enum Kind { case compound, sma }

    static func run(_ kind: Kind, ruleCount: Int, evaluations: Int) throws -> Double {
        let rules = try (0..<ruleCount).map { index in try rule(kind, index) }
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let day: Int64 = 86_400_000
        let start = Timestamp(milliseconds: 210 * day)
        for past in 0..<210 {
            _ = engine.ingest(Sample(metric: "btc.usd", value: 90_000 + Double(past % 7) * 100,
                                     at: Timestamp(milliseconds: Int64(past) * day), source: "coinmetrics", isDailyClose: true))
        }
        _ = engine.ingest(Sample(metric: "btc.eur", value: 85_000, at: start, source: "kraken"))
        let prices = WanderingPrices.make()
        let samples = max(1, evaluations / ruleCount)
        var changes = 0
        let begin = BenchClock.now()
        for index in 0..<samples {
            let sample = Sample(metric: "btc.usd", value: prices[index & 1023],
                                at: start + TimeSpan(milliseconds: Int64(index) * 100), source: "coinbase")
            changes += engine.ingest(sample).count
        }
        let elapsed = BenchClock.now() - begin
        precondition(changes == 0, "the benchmark stream must not change any rule's state")
        return Double(samples * ruleCount) / elapsed
    }

    private static func rule(_ kind: Kind, _ index: Int) throws -> Rule {
        switch kind {
        case .compound:
            return Rule(name: "c\(index)", condition: CompoundCondition(.all, [
                LevelCondition.above(1 + Double(index), metric: "btc.usd"),
                LevelCondition.above(1e9 + Double(index), metric: "btc.eur"),
            ]))
        case .sma:
            let level = try SatwatchRules.Expression(parsing: "sma(btc.usd, 200d) * \(3 + index)")
            return Rule(name: "s\(index)", condition: LevelCondition(.above, metric: "btc.usd", level: level))
        }
    }
}
