import SatwatchApp
import SatwatchBase
import SatwatchRules

/// Two of the evaluator's per-frame costs that used to grow with the rule count (issue 20):
/// - `deadlines`: 10,000 rules pending through a `for` of 1,000 days (so that the 10 frames/s of a
///   fast run never reach it) on one metric, frames of another
///   metric at 10/s; each frame is what the worker does with it, `advance(to:)` its time,
///   `ingest` it (no rule reads it), `nextDeadline()` for the alarm. Was a pass over every
///   pending rule, twice a frame; is a look at the top of a heap.
/// - `publish`: 1,000 rules, one of which changes on every frame; each frame is `ingest` and
///   the rule board's update, either every rule (`RuleStateBoard.publish(engine)`, as before:
///   1,000 names and a copy of 1,000 states the next change pays for) or only the changes.
/// Each returns microseconds per frame.
enum EngineCostBench {
    static func deadlines(rules count: Int, seconds budget: Double) -> Double {
        let rules = (0..<count).map { index in
            Rule(name: "pending\(index)", condition: .above(Double(index % 100), metric: "a.usd"), holdFor: .days(1_000))
        }
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let pending = engine.ingest(Sample(metric: "a.usd", value: 1_000, at: Timestamp(milliseconds: 0), source: "coinbase"))
        precondition(pending.count == count, "every rule is pending")
        var frame: Int64 = 1
        let start = BenchClock.now()
        while frame < 100 || BenchClock.now() - start < budget {
            let at = Timestamp(milliseconds: frame * 100)
            var changes = engine.advance(to: at).count
            changes += engine.ingest(Sample(metric: "b.usd", value: Double(frame), at: at, source: "coinbase")).count
            precondition(changes == 0 && engine.nextDeadline() == Timestamp(milliseconds: 1_000 * 86_400_000), "nothing is due yet")
            frame += 1
        }
        return (BenchClock.now() - start) / Double(frame - 1) * 1e6
    }

    static func publish(rules count: Int, changesOnly: Bool, seconds budget: Double) -> Double {
        var rules = [Rule(name: "flip", condition: .above(100, metric: "btc.usd"))]
        rules += (1..<count).map { Rule(name: "level\($0)", condition: .above(1_000_000 + Double($0), metric: "eth.usd")) }
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let board = RuleStateBoard()
        board.publish(engine)
        var frame: Int64 = 1
        let start = BenchClock.now()
        while frame < 100 || BenchClock.now() - start < budget {
            let changes = engine.ingest(Sample(metric: "btc.usd", value: frame % 2 == 0 ? 50 : 150,
                                               at: Timestamp(milliseconds: frame * 100), source: "coinbase"))
            precondition(changes.count == 1, "the one rule flips")
            if changesOnly { board.publish(changes) } else { board.publish(engine) }
            frame += 1
        }
        return (BenchClock.now() - start) / Double(frame - 1) * 1e6
    }
}
