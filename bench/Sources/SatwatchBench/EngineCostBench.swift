import SatwatchApp
import SatwatchBase
import SatwatchFeeds
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
/// - `feeFrame`: `bench/latency.py`'s 1,000 rules on mempool fee frames (100 on `sma`/`max` of
///   `fee.fastest` over 4 h, 400 pending on `fee.economy`, 499 levels on `fee.half_hour`, the
///   crossing rule), 10 frames/s through the evaluator's decoder and engine: a crossing of
///   `fee.fastest`, then two frames that repeat every value. Skipping (`RuleEngine.skipsRepeatedValues`)
///   or, as before, every rule that reads a sample's metric evaluated on every sample.
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

    static func feeFrame(skipping: Bool, seconds budget: Double) throws -> Double {
        var rules = [Rule(name: "fast", condition: .above(10, metric: "fee.fastest"))]
        for index in 0..<50 {
            for function in ["sma", "max"] {
                let level = try SatwatchRules.Expression(parsing: "\(function)(fee.fastest, 4h) * \(100 + index)")
                rules.append(Rule(name: "\(function)\(index)", condition: LevelCondition(.above, metric: "fee.fastest", level: level)))
            }
        }
        rules += (0..<400).map { Rule(name: "pending\($0)", condition: .above(0, metric: "fee.economy"), holdFor: .days(1)) }
        rules += (0..<499).map { Rule(name: "level\($0)", condition: .above(1_000 + Double($0), metric: "fee.half_hour")) }
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        engine.skipsRepeatedValues = skipping
        let hours4: Int64 = 4 * 3_600
        engine.adopt(HistorySnapshot(points: ["fee.fastest": (0...hours4).map {
            HistoryPoint(at: Timestamp(milliseconds: $0 * 1_000), value: Double(5 + $0 % 3))
        }]))
        var evaluator = FrameEvaluator(engine: engine, feeds: [FeedConfig(kind: .mempool)],
                                       now: Timestamp(milliseconds: (hours4 + 1) * 1_000))
        let frames = [5, 12].map { #"{"fees": {"fastestFee": \#($0), "halfHourFee": 3, "hourFee": 2, "economyFee": 1, "minimumFee": 1}}"# }
        var frame: Int64 = 0
        var crossings = 0
        func step() {
            let at = Timestamp(milliseconds: (hours4 + 1) * 1_000 + frame * 100)
            let text = frames[Int(frame / 3 % 2)]
            crossings += evaluator.process(RecordedFrame(at: at, feed: .mempool, text: text)).changes.count { $0.notification != nil }
            _ = evaluator.nextDeadline()
            frame += 1
        }
        step()
        crossings = 0
        let start = BenchClock.now(), first = frame
        while frame - first < 300 || BenchClock.now() - start < budget { step() }
        let elapsed = BenchClock.now() - start
        precondition(crossings >= Int(frame - first) / 3 - 1, "every third frame crosses")
        return elapsed / Double(frame - first) * 1e6
    }
}
