import SatwatchBase
import SatwatchRules


/// Issue 20's mix: 1,000 rules on one `btc.usd` stream at 10 samples/s, with 4 h of one-second
/// history already kept (14,400 points, as after a restart that read them back):
/// - 50 `above: "sma(btc.usd, 4h) * k"` and 50 `above: "max(btc.usd, 4h) * k"`, their windows full;
/// - 400 that hold and stay pending through a `for` of a day (each one a deadline to keep);
/// - 500 plain levels that never hold.
///
/// Each frame goes through what the worker does with it: `advance(to:)` its time, `ingest` the
/// sample (evaluating all 1,000 rules), `nextDeadline()` for the alarm. Nothing changes state
/// after the first frame. Returns rule evaluations per second.
enum WindowRulesBench {
    static let ruleCount = 1_000

    static func run(seconds budget: Double) throws -> Double {
        var engine = RuleEngine(rules: try rules(), defaultChannels: ["log"])
        let prices = WanderingPrices.make()
        let hours4: Int64 = 4 * 3_600
        let points = (0...hours4).map { second in
            HistoryPoint(at: Timestamp(milliseconds: second * 1_000), value: prices[Int(second) & 1023])
        }
        engine.adopt(HistorySnapshot(points: ["btc.usd": points]))
        var frame = 0
        func step() -> Int {
            let at = Timestamp(milliseconds: (hours4 + 1) * 1_000 + Int64(frame) * 100)
            var changes = engine.advance(to: at).count
            changes += engine.ingest(Sample(metric: "btc.usd", value: prices[frame & 1023], at: at, source: "coinbase")).count
            precondition(engine.nextDeadline() != nil, "the pending rules keep deadlines")
            frame += 1
            return changes
        }
        precondition(step() == 400, "the first frame makes the 400 `for` rules pending, nothing else")
        var changes = 0
        let start = BenchClock.now()
        var frames = 0
        while frames < 50 || BenchClock.now() - start < budget {
            changes += step()
            frames += 1
        }
        let elapsed = BenchClock.now() - start
        precondition(changes == 0, "after the first frame nothing may change state")
        return Double(frames * ruleCount) / elapsed
    }

    private static func rules() throws -> [Rule] {
        var rules: [Rule] = []
        for index in 0..<50 {
            for function in ["sma", "max"] {
                let level = try SatwatchRules.Expression(parsing: "\(function)(btc.usd, 4h) * \(3 + index)")
                rules.append(Rule(name: "\(function)\(index)", condition: LevelCondition(.above, metric: "btc.usd", level: level)))
            }
        }
        for index in 0..<400 {
            rules.append(Rule(name: "pending\(index)", condition: .above(Double(index), metric: "btc.usd"), holdFor: .days(1)))
        }
        for index in 0..<500 {
            rules.append(Rule(name: "level\(index)", condition: .above(200_000 + Double(index), metric: "btc.usd")))
        }
        precondition(rules.count == ruleCount)
        return rules
    }
}
