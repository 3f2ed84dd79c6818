@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// Daily closes in a real state file: upserts, pruning by age, and the evaluator's flush.
@Suite("State file daily closes")
struct StateDailyCloseTests {
    static func rows(_ closes: [(day: Int64, value: Double)]?) -> [DayValue] { (closes ?? []).map(DayValue.init) }

    @Test func savedClosesComeBackOldestFirstAfterReopening() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let store = try StateStore.open(path: path)
        try store.dailyCloses.save(["btc.usd": [(20_001, 2), (20_000, 1), (20_002, 3)], "mvrv@coinmetrics": [(20_000, 1.5)]],
                                  keepingFrom: ["btc.usd": 20_000, "mvrv@coinmetrics": 20_000], today: 20_003)
        // The open day's running close is saved again with a new value; a NaN is not stored.
        try store.dailyCloses.save(["btc.usd": [(20_002, 3.5), (20_003, .nan)]],
                                  keepingFrom: ["btc.usd": 20_000, "mvrv@coinmetrics": 20_000], today: 20_003)
        let loaded = try StateStore.open(path: path).dailyCloses.load()
        #expect(loaded.keys.sorted() == ["btc.usd", "mvrv@coinmetrics"])
        #expect(Self.rows(loaded["btc.usd"]) == [DayValue(20_000, 1), DayValue(20_001, 2), DayValue(20_002, 3.5)])
        #expect(Self.rows(loaded["mvrv@coinmetrics"]) == [DayValue(20_000, 1.5)])
    }

    /// Ten closes (days 20_000–20_009) of three keys, then a flush on `today` in which only
    /// btc.usd is read, from `btcFrom` on: closes older than `keptDays` go (btc.usd's only when
    /// its window does not hold them), whatever the rules read now.
    @Test(arguments: [
        (20_009, 20_007, [10, 10, 10]),  // a narrower window and keys no rule reads keep theirs
        (20_009 + 366, 20_007, [3, 1, 2]),  // 366 days on: day 20_009 is the oldest kept but in a window
        (20_009 + 367, 20_007, [3, 0, 1]),  // 367: btc.usd keeps its window's days, the others their new close
        (20_009 + 370, 20_003, [7, 0, 1]),  // a window older than 366 days keeps what it reads
    ] as [(Int64, Int64, [Int])])
    func oldDaysArePrunedWhateverIsRead(_ today: Int64, _ btcFrom: Int64, _ counts: [Int]) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let days = (20_000...20_009).map { (day: Int64($0), value: Double($0)) }
        try store.dailyCloses.save(["btc.usd": days, "eth.usd": days, "mvrv": days], keepingFrom: [:], today: 20_009)
        try store.dailyCloses.save(["mvrv": [(today, 1)]], keepingFrom: ["btc.usd": btcFrom], today: today)
        let loaded = try StateStore.open(path: directory.path("state.db")).dailyCloses.load()
        #expect(["btc.usd", "eth.usd", "mvrv"].map { loaded[$0]?.count ?? 0 } == counts)
    }

    /// Two flushes merged (the writer was busy) store the newer value of a day saved by both.
    @Test func mergedFlushesKeepTheNewerClose() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let first = StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: StateFixtures.at(1),
                               closes: ["btc.usd": [(100, 1), (101, 2)]], closesKeepingFrom: ["btc.usd": 100])
        let second = StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: StateFixtures.at(2),
                                closes: ["btc.usd": [(101, 3), (102, 4)]], closesKeepingFrom: ["btc.usd": 101])
        try first.merged(with: second).save(to: store)
        #expect(Self.rows(try store.dailyCloses.load()["btc.usd"]) == [DayValue(100, 1), DayValue(101, 3), DayValue(102, 4)])
        // A flush that names no key (no window reads one now) keeps the stored closes.
        try StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: StateFixtures.at(3)).save(to: store)
        #expect(Self.rows(try store.dailyCloses.load()["btc.usd"]) == [DayValue(100, 1), DayValue(101, 3), DayValue(102, 4)])
    }

    /// A worker's closes saved flush by flush, then a restart: the windows read the same.
    @Test func dailyClosesSurviveARestart() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        var closes = DailyCloses(capacity: 5)
        for day: Int64 in 95...99 { closes.seed(Double(day), day: day) }
        for (day, value) in [(100, 10.0), (101, 11), (102, 12)] as [(Int64, Double)] {
            closes.record(value, at: Timestamp(startOfUTCDay: day) + .hours(1))
            try StateStore.open(path: path).dailyCloses.save(["btc.usd": closes.unsavedCloses],
                                                            keepingFrom: ["btc.usd": closes.oldestDay ?? .min], today: day)
            closes.markSaved()
        }
        let stored = try StateStore.open(path: path).dailyCloses.load()
        #expect(stored["btc.usd"]?.map(\.day) == Array(95...102))
        let restored = DailyCloses(restoring: stored["btc.usd"] ?? [], capacity: 5)
        #expect(restored.value(.sma, days: 5) == closes.value(.sma, days: 5))
        let sma = try #require(restored.value(.sma, days: 5))
        #expect(sma == (97 + 98 + 99 + 10 + 11) / 5.0)
    }
}
