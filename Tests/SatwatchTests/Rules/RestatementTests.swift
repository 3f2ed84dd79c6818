@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// What the engine offers a re-send to Alertmanager: each firing alert whose value moved, as it
/// reads now, and nothing else.
@Suite struct RestatementTests {
    typealias Step = (value: Double, second: Int64)

    static let template = try! MessageTemplate(parsing: "fee {{value}}, above {{threshold}}")

    /// (samples, the restatements taken after the last one, as "value: message")
    @Test(arguments: [
        ([(12, 0)], []),                                  // the firing itself says it all
        ([(12, 0), (15.5, 5)], ["15.5: fee 15.5, above 10"]),
        ([(12, 0), (15.5, 5), (16, 6)], ["16: fee 16, above 10"]),  // the latest, once
        ([(12, 0), (12, 5)], []),                         // the same value
        ([(12, 0), (15.5, 5), (4, 6)], []),               // resolved since
        ([(4, 0), (5, 5)], []),                           // never fired
    ] as [([Step], [String])])
    func restatements(_ steps: [Step], _ expected: [String]) {
        var engine = RuleEngine(rules: [Rule(name: "fees", condition: .above(10, metric: "fee.fastest"), message: Self.template)])
        for step in steps {
            _ = engine.ingest(Sample(metric: "fee.fastest", value: step.value, at: Timestamp(milliseconds: step.second * 1000),
                                     source: "mempool"))
        }
        let taken = engine.takeRestatements()
        #expect(taken.map { "\(DisplayNumber.format($0.value)): \($0.message)" } == expected)
        #expect(taken.allSatisfy { $0.status == .firing && $0.startsAt == Timestamp(milliseconds: 0) })
        #expect(engine.takeRestatements().isEmpty, "taken once")
        #expect(!engine.hasRestatements)
    }
}
