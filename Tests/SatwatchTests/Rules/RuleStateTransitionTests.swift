@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// Every transition of the alert state machine, one observation or tick per step.
@Suite struct RuleStateTransitionTests {
    enum Step: CustomStringConvertible {
        case observe(Double, at: Int64)
        case tick(at: Int64)
        var description: String {
            switch self {
            case .observe(let value, let at): "observe \(value) at \(at)s"
            case .tick(let at): "tick at \(at)s"
            }
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let rule: Rule
        let steps: [Step]
        /// Expected status after each step, and the event it produced.
        let expected: [(AlertStatus, RuleEvent?)]
        var testDescription: String { name }
    }

    static let above100 = Rule(name: "r", condition: .above(100, clear: 95, metric: "btc.usd"))
    static let above100For30 = Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30))
    static let below3 = Rule(name: "r", condition: .below(3, clear: 4, metric: "fee.economy"))
    static let remind60 = Rule(name: "r", condition: .above(100, metric: "btc.usd"), repeatEvery: .seconds(60))
    static let noResolve = Rule(name: "r", condition: .above(100, metric: "btc.usd"), resolve: false)

    static let cases: [Case] = [
        Case(name: "at or below the threshold stays inactive", rule: above100,
             steps: [.observe(100, at: 0), .observe(99, at: 1)], expected: [(.inactive, nil), (.inactive, nil)]),
        Case(name: "crossing without for fires at once", rule: above100,
             steps: [.observe(101, at: 0)], expected: [(.firing, .fired)]),
        Case(name: "staying above sends nothing more", rule: above100,
             steps: [.observe(101, at: 0), .observe(150, at: 10), .observe(101, at: 20)],
             expected: [(.firing, .fired), (.firing, nil), (.firing, nil)]),
        Case(name: "inside the hysteresis band stays firing; below clear resolves", rule: above100,
             steps: [.observe(101, at: 0), .observe(99, at: 1), .observe(100.5, at: 2), .observe(95.5, at: 3), .observe(95, at: 4)],
             expected: [(.firing, .fired), (.firing, nil), (.firing, nil), (.firing, nil), (.inactive, .resolved(firedAt: ts(0)))]),
        Case(name: "flapping across the threshold inside the band fires once", rule: above100,
             steps: [.observe(101, at: 0), .observe(99, at: 1), .observe(101, at: 2), .observe(98, at: 3), .observe(102, at: 4)],
             expected: [(.firing, .fired), (.firing, nil), (.firing, nil), (.firing, nil), (.firing, nil)]),
        Case(name: "for: pending first, fires when it elapses on a sample", rule: above100For30,
             steps: [.observe(101, at: 0), .observe(102, at: 29), .observe(103, at: 30)],
             expected: [(.pending, nil), (.pending, nil), (.firing, .fired)]),
        Case(name: "for: fires on time without a new sample", rule: above100For30,
             steps: [.observe(101, at: 0), .tick(at: 29), .tick(at: 30)],
             expected: [(.pending, nil), (.pending, nil), (.firing, .fired)]),
        Case(name: "for interrupted resets the clock", rule: above100For30,
             steps: [.observe(101, at: 0), .observe(100, at: 20), .observe(101, at: 25), .tick(at: 30), .tick(at: 55)],
             expected: [(.pending, nil), (.inactive, nil), (.pending, nil), (.pending, nil), (.firing, .fired)]),
        Case(name: "default clear equals the threshold: at the threshold resolves", rule: above100For30,
             steps: [.observe(101, at: 0), .tick(at: 30), .observe(100, at: 40)],
             expected: [(.pending, nil), (.firing, .fired), (.inactive, .resolved(firedAt: ts(30)))]),
        Case(name: "below mirrors above with clear", rule: below3,
             steps: [.observe(3, at: 0), .observe(2.9, at: 1), .observe(3.5, at: 2), .observe(4, at: 3)],
             expected: [(.inactive, nil), (.firing, .fired), (.firing, nil), (.inactive, .resolved(firedAt: ts(1)))]),
        Case(name: "repeat reminds once the interval elapses, from the last notification", rule: remind60,
             steps: [.observe(101, at: 0), .tick(at: 59), .tick(at: 60), .observe(101, at: 90), .tick(at: 120)],
             expected: [(.firing, .fired), (.firing, nil), (.firing, .reminded), (.firing, nil), (.firing, .reminded)]),
        Case(name: "resolve false still goes inactive (the engine sends nothing)", rule: noResolve,
             steps: [.observe(101, at: 0), .observe(99, at: 1)],
             expected: [(.firing, .fired), (.inactive, .resolved(firedAt: ts(0)))]),
    ]

    /// The rule's condition decided on `value` as its metric's only sample.
    static func evaluate(_ rule: Rule, on value: Double) -> ConditionResult {
        var slots = MetricSlots()
        var condition = rule.condition
        condition.bind(&slots, source: nil)
        var table = MetricTable(slots: slots)
        table.values[0] = value
        table.sources[0] = "test"
        var memory: Double?
        return condition.evaluate(table, memory: &memory)
    }

    static func ts(_ seconds: Int64) -> Timestamp { Timestamp(milliseconds: seconds * 1000) }

    @Test(arguments: cases)
    func transitions(_ testCase: Case) {
        var state = RuleState(digest: testCase.rule.definitionDigest)
        for (step, (status, event)) in zip(testCase.steps, testCase.expected) {
            let produced: RuleEvent?
            switch step {
            case .observe(let value, let at):
                produced = state.observe(Self.evaluate(testCase.rule, on: value), at: Self.ts(at), rule: testCase.rule.logic)
            case .tick(let at): produced = state.tick(at: Self.ts(at), rule: testCase.rule.logic)
            }
            #expect(state.status == status, "after \(step)")
            #expect(produced == event, "after \(step)")
        }
    }
}
