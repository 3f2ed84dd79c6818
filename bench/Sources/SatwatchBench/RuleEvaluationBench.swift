import SatwatchBase
import SatwatchRules


/// Simple threshold evaluations per second: N `above` rules on `btc.usd` over a price stream
/// that wanders around 92k without crossing any threshold (the steady state of a real worker).
enum RuleEvaluationBench {
    static func run(ruleCount: Int, evaluations: Int) -> Double {
        let rules = (0..<ruleCount).map { index in
            Rule(name: "r\(index)", condition: .above(200_000 + Double(index), metric: "btc.usd"))
        }
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let samples = max(1, evaluations / ruleCount)
        let prices = WanderingPrices.make()
        var changes = 0
        let start = BenchClock.now()
        for index in 0..<samples {
            let sample = Sample(metric: "btc.usd", value: prices[index & 1023],
                                at: Timestamp(milliseconds: Int64(index) * 100), source: "coinbase")
            changes += engine.ingest(sample).count
        }
        let elapsed = BenchClock.now() - start
        precondition(changes == 0, "the benchmark stream must not cross thresholds")
        return Double(samples * ruleCount) / elapsed
    }
}
