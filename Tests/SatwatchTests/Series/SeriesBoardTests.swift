@testable import SatwatchBase
@testable import SatwatchFeeds
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// The board the evaluator records into: keys, reading a span, the cap on keys, pruning.
@Suite struct SeriesBoardTests {
    static let base = SeriesRingTests.base

    static func sample(_ metric: String, _ value: Double, minute: Int64, seconds: Double = 0, source: String = "mempool",
                       dailyClose: Bool = false) -> Sample {
        Sample(metric: metric, value: value, at: SeriesRingTests.at(base + minute, seconds), source: source, isDailyClose: dailyClose)
    }

    @Test func readsASpanOfOneKeyOldestFirst() {
        let board = SeriesBoard()
        board.record((0..<10).map { Self.sample("fee.fastest", Double($0), minute: Int64($0), seconds: 30) })
        let now = SeriesRingTests.at(Self.base + 9, 59)
        let all = board.series(metric: "fee.fastest", since: .epoch, now: now)
        #expect(all.map(\.value) == (0..<10).map(Double.init))
        #expect(all.map(\.at) == (0..<10).map { SeriesRingTests.at(Self.base + Int64($0)) })
        // `since` inside a minute includes that minute; `now` ends the span.
        let some = board.series(metric: "fee.fastest", since: SeriesRingTests.at(Self.base + 7, 45), now: SeriesRingTests.at(Self.base + 8))
        #expect(some.map(\.value) == [7, 8])
        #expect(board.series(metric: "fee.economy", since: .epoch, now: now).isEmpty)
        #expect(board.series(metric: "fee.fastest", source: "kraken", since: .epoch, now: now).isEmpty)
    }

    /// Read a day later, what is more than 24 h old is not returned even before anything new
    /// moved the ring on.
    @Test func aReadNeverReachesBeyondTwentyFourHours() {
        let board = SeriesBoard()
        board.record([Self.sample("fee.fastest", 1, minute: 0), Self.sample("fee.fastest", 2, minute: 100)])
        #expect(board.series(metric: "fee.fastest", since: .epoch, now: SeriesRingTests.at(Self.base + 1_440)).map(\.value) == [2])
        #expect(board.series(metric: "fee.fastest", since: .epoch, now: SeriesRingTests.at(Self.base + 1_540)).isEmpty)
    }

    @Test func dailyClosesAndDerivedSamples() {
        let board = SeriesBoard()
        board.record([Self.sample("btc.usd", 90_000, minute: 0, source: "coinmetrics", dailyClose: true),
                      Self.sample("portfolio.main", 1_234.5, minute: 0, source: DerivedMetric.source)])
        #expect(board.keys == [MetricKey(metric: "portfolio.main", source: "derived")])
        #expect(board.series(metric: "portfolio.main", since: .epoch, now: SeriesRingTests.at(Self.base)).map(\.value) == [1_234.5])
    }

    /// Without a source, the catalog's preferred feed that has data in the span is read.
    @Test func withoutASourceThePreferredFeedWithDataIsRead() throws {
        let feeds = try #require(MetricCatalog.descriptor(for: "btc.usd")).sources.map(\.rawValue)
        try #require(feeds.count >= 2)
        let board = SeriesBoard()
        board.record([Self.sample("btc.usd", 2, minute: 0, source: feeds[1]), Self.sample("btc.usd", 3, minute: 0, source: "zz-test"),
                      Self.sample("btc.usd", 1, minute: 0, source: feeds[0])])
        let now = SeriesRingTests.at(Self.base + 10)
        #expect(board.series(metric: "btc.usd", since: .epoch, now: now).map(\.value) == [1])
        #expect(board.series(metric: "btc.usd", source: feeds[1], since: .epoch, now: now).map(\.value) == [2])
        // The preferred feed has nothing since minute 5; the next one does.
        board.record([Self.sample("btc.usd", 4, minute: 6, source: feeds[1])])
        #expect(board.series(metric: "btc.usd", since: SeriesRingTests.at(Self.base + 5), now: now).map(\.value) == [4])
        #expect(board.keys.map(\.source) == [feeds[0], feeds[1], "zz-test"].sorted())
    }

    /// Past the cap a new key is refused and counted; a key silent for 24 h makes room.
    @Test func keysAreCappedAndSilentOnesMakeRoom() {
        let board = SeriesBoard(keyLimit: 3)
        board.record(["a.usd", "b.usd", "c.usd", "d.usd"].map { Self.sample($0, 1, minute: 0) })
        #expect(board.keys.map(\.metric) == ["a.usd", "b.usd", "c.usd"])
        #expect(board.refusedSamples == 1)
        // Known keys still record.
        board.record([Self.sample("a.usd", 2, minute: 1_000), Self.sample("b.usd", 2, minute: 1_439)])
        #expect(board.refusedSamples == 1)
        // c.usd's last minute is 24 h old at minute 1_440: d.usd takes its place.
        board.record([Self.sample("d.usd", 5, minute: 1_440), Self.sample("e.usd", 5, minute: 1_440)])
        #expect(board.keys.map(\.metric) == ["a.usd", "b.usd", "d.usd"])
        #expect(board.refusedSamples == 2)
        board.prune(now: SeriesRingTests.at(Self.base + 2_440))
        #expect(board.keys.map(\.metric) == ["b.usd", "d.usd"])
    }

    @Test func changedBucketsAreTakenOncePerKey() {
        let board = SeriesBoard()
        board.record([Self.sample("fee.fastest", 1, minute: 0), Self.sample("fee.fastest", 2, minute: 0, seconds: 59),
                      Self.sample("mempool.count", 7, minute: 1)])
        let changed = board.takeChanged()
        #expect(changed[MetricKey(metric: "fee.fastest", source: "mempool")] == [SeriesBucket(minute: Self.base, value: 2, low: 1, high: 2)])
        #expect(changed[MetricKey(metric: "mempool.count", source: "mempool")] == [SeriesBucket(minute: Self.base + 1, value: 7)])
        #expect(board.takeChanged().isEmpty)
    }

    /// A restore (start, or a reload with a board already full) keeps what the board saw live.
    @Test func restoringKeepsLiveMinutesAndTheCap() {
        let board = SeriesBoard(keyLimit: 2)
        board.record([Self.sample("a.usd", 10, minute: 5)])
        _ = board.takeChanged()
        let a = MetricKey(metric: "a.usd", source: "mempool")
        board.restore([a: [SeriesBucket(minute: Self.base + 4, value: 4), SeriesBucket(minute: Self.base + 5, value: 5)],
                       MetricKey(metric: "b.usd", source: "mempool"): [SeriesBucket(minute: Self.base, value: 1)],
                       MetricKey(metric: "c.usd", source: "mempool"): [SeriesBucket(minute: Self.base, value: 1)]])
        #expect(board.series(metric: "a.usd", since: .epoch, now: SeriesRingTests.at(Self.base + 5)).map(\.value) == [4, 10])
        #expect(board.keys.map(\.metric) == ["a.usd", "b.usd"])
        #expect(board.takeChanged().isEmpty)
    }
}
