@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// `change` histories in a real state file: what a restart gives back, what is forgotten.
@Suite("State file change history")
struct StateHistoryTests {
    static func point(_ seconds: Int64, _ value: Double) -> HistoryPoint {
        HistoryPoint(at: Timestamp(milliseconds: seconds * 1000), value: value)
    }

    @Test func savedPointsComeBackInOrderAfterReopening() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let first = try StateStore.open(path: path)
        try first.changeHistory.save(["btc.usd": [Self.point(1, 100), Self.point(2, 101)]], keepingFrom: [:])
        // Incremental: the next flush adds only newer points.
        try first.changeHistory.save(["btc.usd": [Self.point(3, 99)], "fee.fastest@mempool": [Self.point(3, 7)]], keepingFrom: [:])
        let reopened = try StateStore.open(path: path)
        #expect(try reopened.changeHistory.load() == [
            "btc.usd": [Self.point(1, 100), Self.point(2, 101), Self.point(3, 99)],
            "fee.fastest@mempool": [Self.point(3, 7)],
        ])
    }

    @Test func pointsOlderThanNeededAndKeysNoRuleReadsAreForgotten() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        try store.changeHistory.save(["btc.usd": (1...5).map { Self.point($0, Double($0)) }, "mvrv": [Self.point(1, 2)]],
                              keepingFrom: [:])
        // Only btc.usd is still read, from its point at 4 s on.
        try store.changeHistory.save([:], keepingFrom: ["btc.usd": Timestamp(milliseconds: 4000)])
        #expect(try store.changeHistory.load() == ["btc.usd": [Self.point(4, 4), Self.point(5, 5)]])
    }

    @Test func theSameSecondSavedTwiceKeepsTheLatestValue() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        try store.changeHistory.save(["btc.usd": [Self.point(1, 100)]], keepingFrom: [:])
        try store.changeHistory.save(["btc.usd": [Self.point(1, 105)]], keepingFrom: [:])
        #expect(try store.changeHistory.load() == ["btc.usd": [Self.point(1, 105)]])
    }
}
