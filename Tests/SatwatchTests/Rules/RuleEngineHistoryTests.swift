@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// `change` rules' reference value: how far back it may come from, and histories restored
/// from the state file.
@Suite struct RuleEngineHistoryTests {
    static let drop = Rule(name: "drop", condition: .change(percent: -5, within: .hours(1), metric: "btc.usd"))

    static func sample(_ value: Double, at seconds: Int64) -> Sample {
        Sample(metric: "btc.usd", value: value, at: Timestamp(milliseconds: seconds * 1000), source: "coinbase")
    }

    /// The only earlier value is 100 at 0 s; 94 arrives at `seconds` (−6 %).
    @Test(arguments: [
        (3_600, true),   // exactly `within` ago
        (5_400, true),   // 1h30m ago: the last value before the hour mark, inside twice the window
        (7_200, true),   // 2h ago: the oldest reference allowed
        (7_201, false),  // older than twice the window: a gap, not a change within 1h
        (10_800, false), // after a 3 h outage
    ] as [(Int64, Bool)])
    func referenceIsNoOlderThanTwiceTheWindow(_ seconds: Int64, _ fires: Bool) {
        var engine = RuleEngine(rules: [Self.drop])
        _ = engine.ingest(Self.sample(100, at: 0))
        let statuses = engine.ingest(Self.sample(94, at: seconds)).compactMap(\.notification).map(\.status)
        #expect(statuses == (fires ? [.firing] : []))
    }

    /// A restart: the state file's points, adopted by a new engine, are a reference at once.
    @Test func storedPointsAreAReferenceForANewEngine() {
        var before = RuleEngine(rules: [Self.drop])
        _ = before.ingest(Self.sample(100, at: 0))
        _ = before.ingest(Self.sample(99, at: 1_800))
        let stored = before.historySnapshot.points(after: [:])
        #expect(stored == ["btc.usd": [HistoryPoint(at: Timestamp(milliseconds: 0), value: 100),
                                       HistoryPoint(at: Timestamp(milliseconds: 1_800_000), value: 99)]])

        var restarted = RuleEngine(rules: [Self.drop])
        restarted.adopt(HistorySnapshot(points: stored))
        #expect(restarted.ingest(Self.sample(94, at: 3_600)).compactMap(\.notification).map(\.status) == [.firing])
        // Nothing newer than what was saved is saved again; the oldest needed point is the one at 0 s.
        #expect(restarted.historySnapshot.points(after: ["btc.usd": Timestamp(milliseconds: 3_600_000)]).isEmpty)
        #expect(restarted.historySnapshot.oldest == ["btc.usd": Timestamp(milliseconds: 0)])
    }
}
