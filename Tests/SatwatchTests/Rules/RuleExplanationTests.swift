@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// What `log.level: debug` says about a rule: why it is where it is, once per change of reason.
@Suite struct RuleExplanationTests {
    enum Step { case sample(Double, at: Int64), advance(to: Int64), stale }

    static func at(_ seconds: Int64) -> Timestamp { Timestamp(milliseconds: seconds * 1000) }

    static let cases: [(String, Rule, [Step], [(RuleExplanation.Reason, Double?, Int64)])] = [
        ("condition true but for not elapsed, then it stops holding",
         Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30)),
         [.sample(99, at: 0), .sample(101, at: 5), .sample(102, at: 10), .sample(99, at: 20)],
         [(.conditionNotMet, 99, 0), (.forNotElapsed(firesAt: at(35)), 101, 5), (.conditionNotMet, 99, 20)]),
        ("for elapses on time alone",
         Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30)),
         [.sample(101, at: 0), .advance(to: 40)],
         [(.forNotElapsed(firesAt: at(30)), 101, 0), (.firing, 101, 30)]),
        ("inside the clear band a firing alert stays firing",
         Rule(name: "r", condition: .above(100, clear: 95, metric: "btc.usd")),
         [.sample(101, at: 0), .sample(97, at: 1), .sample(96, at: 2), .sample(94, at: 3)],
         [(.firing, 101, 0), (.insideClearBand(clear: 95), 97, 1), (.conditionNotMet, 94, 3)]),
        ("a stale feed holds the deadline",
         Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30)),
         [.sample(101, at: 0), .stale, .advance(to: 40), .advance(to: 50)],
         [(.forNotElapsed(firesAt: at(30)), 101, 0), (.feedStale, nil, 40)]),
        ("a change rule without a reference says so",
         Rule(name: "r", condition: .change(percent: -5, within: .hours(1), metric: "btc.usd")),
         [.sample(100, at: 0), .sample(100, at: 60)],
         [(.undecided("no value of btc.usd from 1h ago yet"), nil, 0)]),
    ]

    @Test(arguments: cases)
    func explains(_ name: String, _ rule: Rule, _ steps: [Step], _ expected: [(RuleExplanation.Reason, Double?, Int64)]) {
        var engine = RuleEngine(rules: [rule])
        engine.explains = true
        for step in steps {
            switch step {
            case .sample(let value, let at): _ = engine.ingest(Sample(metric: "btc.usd", value: value, at: Self.at(at), source: "coinbase"))
            case .advance(let to): _ = engine.advance(to: Self.at(to))
            case .stale: engine.setFeed("coinbase", stale: true)
            }
        }
        let expectedExplanations = expected.map { RuleExplanation(rule: "r", reason: $0.0, observed: $0.1, at: Self.at($0.2)) }
        #expect(engine.takeExplanations() == expectedExplanations, "\(name)")
        #expect(engine.takeExplanations().isEmpty)
    }

    @Test func offRecordsNothing() {
        var engine = RuleEngine(rules: [Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30))])
        _ = engine.ingest(Sample(metric: "btc.usd", value: 101, at: Self.at(0), source: "coinbase"))
        #expect(engine.takeExplanations().isEmpty)
    }

    @Test func debugLine() {
        let explanation = RuleExplanation(rule: "hot", reason: .forNotElapsed(firesAt: Self.at(30)), observed: 101.5, at: Self.at(0))
        #expect(LogLine.logfmt([("msg", explanation.message)] + explanation.fields.pairs)
            == #"msg="rule pending: condition met, for not elapsed" rule=hot value=101.5 fires_at=1970-01-01T00:00:30.000Z"#)
    }
}
