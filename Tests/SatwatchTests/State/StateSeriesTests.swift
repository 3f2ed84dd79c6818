@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchState
import SQLiteKit
import Testing

/// Metric series in a real state file: upserts, pruning, reopening, the flush, schema 7.
@Suite("State file metric series")
struct StateSeriesTests {
    static let base = SeriesRingTests.base
    static let fees = MetricKey(metric: "fee.fastest", source: "mempool")
    static let price = MetricKey(metric: "btc.usd", source: "kraken")

    @Test func bucketsComeBackAfterReopeningWithTheirRange() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        try StateStore.open(path: path).series.save([
            Self.fees: [SeriesBucket(minute: Self.base + 1, value: 3), SeriesBucket(minute: Self.base, value: 2, low: 1, high: 5)],
            Self.price: [SeriesBucket(minute: Self.base, value: 92_000.53, low: 91_999.5, high: 92_001)],
        ], keepingFrom: Self.base - 10)
        // The open minute saved again takes the new value.
        try StateStore.open(path: path).series.save([Self.fees: [SeriesBucket(minute: Self.base + 1, value: 4, low: 3, high: 4)],
                                                    Self.price: [SeriesBucket(minute: Self.base + 1, value: 92_001)]],
                                                   keepingFrom: Self.base - 10)
        let store = try StateStore.open(path: path)
        #expect(try store.series.load(from: .min) == [
            Self.fees: [SeriesBucket(minute: Self.base, value: 2, low: 1, high: 5), SeriesBucket(minute: Self.base + 1, value: 4, low: 3, high: 4)],
            Self.price: [SeriesBucket(minute: Self.base, value: 92_000.53, low: 91_999.5, high: 92_001),
                         SeriesBucket(minute: Self.base + 1, value: 92_001)],
        ])
        #expect(try store.series.load(from: Self.base + 1) == [Self.fees: [SeriesBucket(minute: Self.base + 1, value: 4, low: 3, high: 4)],
                                                              Self.price: [SeriesBucket(minute: Self.base + 1, value: 92_001)]])
        // A minute of one value stores no range.
        let nulls = try store.connection.prepare("SELECT count(*) FROM series WHERE min IS NULL AND max IS NULL").single { $0.int(0) }
        #expect(nulls == 1)
        #expect(try store.connection.prepare("SELECT DISTINCT key FROM series ORDER BY key").query { $0.string(0) }
                == ["btc.usd@kraken", "fee.fastest@mempool"])
    }

    /// Every key loses its rows before the cutoff, including keys the flush does not name.
    @Test func rowsOlderThanTheWindowArePrunedForEveryKey() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let minutes = (0..<Int64(100)).map { SeriesBucket(minute: Self.base + $0, value: Double($0)) }
        let keys = (0..<20).map { MetricKey(metric: "m\($0).usd", source: "kraken") }
        try store.series.save(Dictionary(uniqueKeysWithValues: keys.map { ($0, minutes) }), keepingFrom: Self.base)
        try store.series.save([Self.fees: [SeriesBucket(minute: Self.base + 99, value: 1), SeriesBucket(minute: Self.base + 50, value: 1)]],
                             keepingFrom: Self.base + 60)
        let loaded = try store.series.load(from: .min)
        #expect(loaded.count == 21)
        #expect(loaded[Self.fees]?.map(\.minute) == [Self.base + 99])
        for key in keys { #expect(loaded[key]?.map(\.minute) == (60..<100).map { Self.base + $0 }) }
        try store.series.save([:], keepingFrom: Self.base + 1_000)
        #expect(try store.series.load(from: .min).isEmpty)
    }

    /// Keyed by minute first: the flush's inserts go to the end of the table and the prune's
    /// delete is one range at its start, not a pass over every key.
    @Test func pruningIsOneRangeOfMinutes() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let plan = try store.connection.prepare("EXPLAIN QUERY PLAN DELETE FROM series WHERE minute < 5").query { $0.string(3) }
        #expect(plan == ["SEARCH series USING PRIMARY KEY (minute<?)"])
    }

    @Test(arguments: [("btc.usd@kraken", "btc.usd", "kraken"), ("a@b@derived", "a@b", "derived")] as [(String, String, String)])
    func keysSplitAtTheLastAt(_ text: String, _ metric: String, _ source: String) {
        #expect(SeriesStore.metricKey(text) == MetricKey(metric: metric, source: source))
        #expect(SeriesStore.seriesKey(MetricKey(metric: metric, source: source)) == text)
    }

    @Test(arguments: ["btc.usd", "@kraken", "btc.usd@", ""])
    func rowsOfKeysThisBuildDoesNotWriteAreSkipped(_ text: String) throws {
        #expect(SeriesStore.metricKey(text) == nil)
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let insert = try store.connection.prepare("INSERT INTO series (key, minute, value) VALUES (?1, 5, 1)")
        try insert.bind(1, text)
        try insert.execute()
        #expect(try store.series.load(from: .min).isEmpty)
    }

    /// The board's minutes through the evaluator's flush into the file, and into a new board as
    /// at the next start: the charts read the same.
    @Test func aBoardSurvivesARestartThroughTheFlush() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let board = SeriesBoard()
        var now = SeriesRingTests.at(Self.base)
        for minute in 0..<Int64(1_500) {
            now = SeriesRingTests.at(Self.base + minute, 30)
            board.record([Sample(metric: "fee.fastest", value: Double(minute % 97), at: now, source: "mempool"),
                          Sample(metric: "fee.fastest", value: Double(minute % 89), at: now + .seconds(10), source: "mempool")])
            if minute % 7 == 0 { board.record([Sample(metric: "portfolio.main", value: Double(minute), at: now, source: "derived")]) }
            // Flushed every 60 minutes here (the worker does every minute), two flushes merged once.
            if minute % 60 == 59 {
                try StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: now,
                               series: board.takeChanged(), seriesKeepingFrom: SeriesCollection.oldestMinute(now: now))
                    .save(to: StateStore.open(path: path))
            }
        }
        try StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: now, series: board.takeChanged(),
                       seriesKeepingFrom: SeriesCollection.oldestMinute(now: now))
            .save(to: StateStore.open(path: path))
        let store = try StateStore.open(path: path)
        #expect(try store.connection.prepare("SELECT count(*) FROM series").single { $0.int(0) } == 1_440 + 1_440 / 7 + 1)
        let restarted = SeriesBoard()
        restarted.restore(try store.series.load(from: SeriesCollection.oldestMinute(now: now)))
        for metric in ["fee.fastest", "portfolio.main"] {
            let before = board.buckets(metric: metric, since: .epoch, now: now)
            #expect(!before.isEmpty)
            #expect(restarted.buckets(metric: metric, since: .epoch, now: now) == before)
        }
        #expect(restarted.keys == board.keys)
    }

    @Test func flushesMergedWhileTheWriterWasBusyKeepTheNewerMinute() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let first = StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: StateFixtures.at(1),
                               series: [Self.fees: [SeriesBucket(minute: Self.base, value: 1), SeriesBucket(minute: Self.base + 1, value: 2)]],
                               seriesKeepingFrom: Self.base)
        let second = StateFlush(states: [:], metrics: [], history: [:], keepingFrom: [:], at: StateFixtures.at(2),
                                series: [Self.fees: [SeriesBucket(minute: Self.base + 1, value: 3, low: 2, high: 3)]],
                                seriesKeepingFrom: Self.base + 1)
        try first.merged(with: second).save(to: store)
        #expect(try store.series.load(from: .min) == [Self.fees: [SeriesBucket(minute: Self.base + 1, value: 3, low: 2, high: 3)]])
    }

    /// A file written by schema 5 with data opens at schema 7, its data kept, with empty series.
    @Test func aVersionFiveFileIsMigratedWithItsData() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: Array(StateSchema.migrations.prefix { $0.version <= 5 }))
        #expect(try old.integerPragma("user_version") == 5)
        try old.execute("""
            INSERT INTO rule_state (name, digest, status, updated_at) VALUES ('r', 'd', 'inactive', 1000);
            INSERT INTO daily_close VALUES ('btc.usd', 20000, 90000.5);
            INSERT INTO silence VALUES ('s1', '[]', 1000, 2000, 'c', 'a', 1000);
            """)
        old.close()
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(try store.ruleStates.load().keys.sorted() == ["r"])
        #expect(try store.dailyCloses.load()["btc.usd"]?.map(\.value) == [90_000.5])
        #expect(try store.series.load(from: .min).isEmpty)
        try store.series.save([Self.fees: [SeriesBucket(minute: Self.base, value: 1)]], keepingFrom: Self.base)
        #expect(try StateStore.open(path: path).series.load(from: .min).count == 1)
        #expect(try store.secrets.signingKey().count == 32)
    }
}
