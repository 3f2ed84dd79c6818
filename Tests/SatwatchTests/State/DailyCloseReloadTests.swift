@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// Daily closes kept through reloads that read fewer of them for a while: a window narrowed,
/// a rule disabled or removed. Each reload saves to a real state file, reads it back and takes
/// over the previous engine's closes, as the worker does.
@Suite struct DailyCloseReloadTests {
    static let wide = #"{"name": "r", "metric": "btc.usd", "above": "sma(btc.usd, 3d)"}"#

    /// An engine on `rules` after a reload from `previous` (nil: a start) and `store`.
    static func reload(_ rules: [String], from previous: RuleEngine?, _ store: StateStore) throws -> RuleEngine {
        var engine = RuleEngine(rules: try ConditionScenario.parse(rules), defaultChannels: ["log"])
        engine.restoreCloses(try store.dailyCloses.load())
        if let previous { engine.adopt(previous.historySnapshot) }
        return engine
    }

    /// The engine's flush: its unsaved closes to the state file on day 3.
    static func flush(_ engine: inout RuleEngine, _ store: StateStore) throws {
        let closes = engine.takeUnsavedCloses()
        try store.dailyCloses.save(closes.closes, keepingFrom: closes.keepingFrom, today: ConditionScenario.at(3 * 1_440).utcDay)
    }

    /// Closes 10, 20, 30 for days 0–2 under `sma(btc.usd, 3d)`; one reload to `middle`, one back.
    @Test(arguments: [
        #"{"name": "r", "metric": "btc.usd", "above": "sma(btc.usd, 1d)"}"#,  // narrowed
        #"{"name": "r", "metric": "btc.usd", "above": "sma(btc.usd, 3d)", "disabled": true}"#,
        #"{"name": "r", "metric": "btc.usd", "above": 1}"#,  // no window reads btc.usd
    ])
    func closesComeBackAfterAReloadThatReadsFewer(_ middle: String) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var engine = try Self.reload([Self.wide], from: nil, store)
        for (day, value) in [(0, 10.0), (1, 20), (2, 30), (3, 100)] {
            _ = engine.ingest(Sample(metric: "btc.usd", value: value, at: ConditionScenario.at(Double(day * 1_440 + 60)), source: "test"))
        }
        try Self.flush(&engine, store)
        var narrow = try Self.reload([middle], from: engine, store)
        try Self.flush(&narrow, store)
        #expect(try store.dailyCloses.load()["btc.usd"]?.map(\.value) == [10, 20, 30, 100])
        var widened = try Self.reload([Self.wide], from: narrow, store)
        #expect(widened.historySnapshot.closes["btc.usd"]?.value(.sma, days: 3) == 20)
        try Self.flush(&widened, store)
        #expect(try store.dailyCloses.load()["btc.usd"]?.map(\.value) == [10, 20, 30, 100])
    }
}
