@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The Coin Metrics decoder: derived metrics, the 200-day window, daily closes, request URLs.
@Suite struct CoinMetricsDecoderTests {
    /// 2025-12-10T14:02Z: the fixture's rows of 2025-12-05…09 are completed days, those of
    /// 12-10…14 are not (a recording replayed at an earlier time than its rows).
    static let at = Fixtures.time()

    /// A daily-close sample as the decoder stamps it.
    static func close(_ metric: String, _ value: Double, day: Int64) -> Sample {
        Sample(metric: metric, value: value, at: Timestamp(milliseconds: day * 86_400_000), source: "coinmetrics",
               isDailyClose: true)
    }

    @Test func fixturePageGivesTheNewestRowAndItsDerivedMetrics() throws {
        var decoder = CoinMetricsDecoder()
        let page = try Fixtures.text("coinmetrics-mvrv.json")
        // The rows of days before the UTC day of `at` (2025-12-05 is day 20427) as daily closes…
        let rows: [(String, String)] = [
            ("89279.8344634717", "1.584551095422328599"), ("89169.5570610754", "1.582597477652467208"),
            ("90067.847399474", "1.598500461378138632"), ("90673.1444436003", "1.609617738643143677"),
            ("92808.8518477498", "1.64698945121268091"),
        ]
        var expected: [Sample] = []
        for (offset, (price, mvrv)) in rows.enumerated() {
            let day = 20_427 + Int64(offset)
            expected += [Self.close("btc.usd", try #require(Double(price)), day: day),
                         Self.close("mvrv", try #require(Double(mvrv)), day: day)]
        }
        // …then the newest row, 2025-12-14, with the arithmetic the catalog defines.
        let mvrv = try #require(Double("1.56259929379314562"))
        let price = try #require(Double("88096.3826142607"))
        expected += [
            Sample(metric: "mvrv", value: mvrv, at: Self.at, source: "coinmetrics"),
            Sample(metric: "nupl", value: 1 - 1 / mvrv, at: Self.at, source: "coinmetrics"),
            Sample(metric: "realized_price.usd", value: price / mvrv, at: Self.at, source: "coinmetrics"),
        ]
        #expect(decoder.decode(page, at: Self.at) == .samples(expected))
        #expect(decoder.knownDays == 10)
        #expect(abs(expected[11].value - 0.36004) < 0.00001)
        #expect(abs(expected[12].value - 56378.0) < 1)
        // The same page again: days are deduplicated, the samples are the same.
        #expect(decoder.decode(page, at: Self.at) == .samples(expected))
        #expect(decoder.knownDays == 10)
        #expect(decoder.rejectedFields == 0)
    }

    @Test func nextPageURLComesFromThePage() throws {
        let page = try Fixtures.text("coinmetrics-mvrv.json")
        #expect(CoinMetricsDecoder.nextPageURL(page) == "https://community-api.coinmetrics.io/v4/timeseries/asset-metrics?"
            + "assets=btc&metrics=CapMVRVCur,CapMrktCurUSD,PriceUSD&frequency=1d&start_time=2025-11-01"
            + "&end_time=2025-12-14&page_size=10&next_page_token=0.MjAyNS0xMi0wNVQwMDowMDowMFo")
        #expect(CoinMetricsDecoder.nextPageURL(#"{"data":[]}"#) == nil)
        #expect(CoinMetricsDecoder.nextPageURL("{") == nil)
    }

    @Test func mayerMultipleAppearsOnceTwoHundredDaysAreKnown() {
        let first = CoinMetricsPage.firstDay
        var decoder = CoinMetricsDecoder()
        let older = CoinMetricsPage.text(days: Array(first..<first + 199)) { "\(CoinMetricsPage.price($0))" }
        let metrics = decoder.decode(older, at: Self.at).samples?.filter { !$0.isDailyClose }.map(\.metric)
        #expect(metrics == ["mvrv", "nupl", "realized_price.usd"])
        #expect(decoder.knownDays == 199)

        let newest = CoinMetricsPage.text(days: [first + 199]) { "\(CoinMetricsPage.price($0))" }
        let samples = decoder.decode(newest, at: Self.at).samples ?? []
        let prices = (first..<first + 200).map(CoinMetricsPage.price)
        let mayer = CoinMetricsPage.price(first + 199) / (prices.reduce(0, +) / 200)
        #expect(samples.last == Sample(metric: "mayer_multiple", value: mayer, at: Self.at, source: "coinmetrics"))
        #expect(samples.first { $0.metric == "realized_price.usd" }?.value == CoinMetricsPage.price(first + 199) / 2)
    }

    /// 250 days arriving newest page first (as with `paging_from=end`): only the last 200 days
    /// count, and older pages never take MVRV back in time.
    @Test func windowKeepsTheNewestTwoHundredDaysWhateverThePageOrder() {
        let first = CoinMetricsPage.firstDay
        var decoder = CoinMetricsDecoder()
        var last: [Sample] = []
        for start in stride(from: first + 200, through: first, by: -50) {
            let page = CoinMetricsPage.text(days: Array(start..<start + 50), price: { "\(CoinMetricsPage.price($0))" },
                                            mvrv: { "\(1 + Double($0 - first) / 1000)" })
            last = decoder.decode(page, at: Self.at).samples ?? []
        }
        #expect(decoder.knownDays == 200)
        let prices = (first + 50..<first + 250).map(CoinMetricsPage.price)
        let mayer = CoinMetricsPage.price(first + 249) / (prices.reduce(0, +) / 200)
        #expect(last.first { $0.metric == "mvrv" && !$0.isDailyClose }?.value == 1 + Double(249) / 1000)
        #expect(last.first { $0.metric == "mayer_multiple" }?.value == mayer)
    }

    @Test func incompleteNewestRowLeavesMVRVAtThePreviousDay() {
        var decoder = CoinMetricsDecoder()
        let page = CoinMetricsPage.text(days: [20_430, 20_431], price: { "\($0)" }, mvrv: { $0 == 20_431 ? nil : "1.5" })
        let samples = decoder.decode(page, at: Self.at).samples
        #expect(samples == [
            Self.close("btc.usd", 20_430, day: 20_430), Self.close("mvrv", 1.5, day: 20_430),
            Self.close("btc.usd", 20_431, day: 20_431),
            Sample(metric: "mvrv", value: 1.5, at: Self.at, source: "coinmetrics"),
            Sample(metric: "nupl", value: 1 - 1 / 1.5, at: Self.at, source: "coinmetrics"),
            Sample(metric: "realized_price.usd", value: 20_430 / 1.5, at: Self.at, source: "coinmetrics"),
        ])
        #expect(decoder.knownDays == 2)
    }

    /// A first poll's page: 210 rows up to today. Every row day before today gives a close of
    /// `btc.usd` and of `mvrv` at 00:00 UTC, in row order; today's row (not complete) gives none;
    /// a missing or unusable value gives no close of its metric. Windows of 200 days are warm.
    @Test func rowsBeforeTodayAreDailyCloses() throws {
        let today: Int64 = 20_440
        let at = Timestamp(milliseconds: today * 86_400_000 + 37_000_000)
        let days = Array(today - 209...today)
        let page = CoinMetricsPage.text(days: days, price: { $0 == today - 5 ? "-1" : "\(CoinMetricsPage.price($0))" },
                                        mvrv: { $0 == today - 3 ? nil : "\(Double($0) / 10_000)" })
        var decoder = CoinMetricsDecoder()
        let samples = try #require(decoder.decode(page, at: at).samples)
        let closes = samples.filter(\.isDailyClose)
        var expected: [Sample] = []
        for day in days.dropLast() {
            if day != today - 5 { expected.append(Self.close("btc.usd", CoinMetricsPage.price(day), day: day)) }
            if day != today - 3 { expected.append(Self.close("mvrv", Double(day) / 10_000, day: day)) }
        }
        #expect(closes == expected)
        #expect(closes.filter { $0.metric == "btc.usd" }.count == 208)
        #expect(samples.prefix(closes.count).allSatisfy { $0.isDailyClose })  // history first, then the live values
        #expect(samples.dropFirst(closes.count).map(\.metric) == ["mvrv", "nupl", "realized_price.usd", "mayer_multiple"])
        #expect(decoder.rejectedFields == 1)

        // The next day's poll: the row of the day that just ended is now a close.
        let later = Timestamp(milliseconds: (today + 1) * 86_400_000 + 10_000_000)
        let next = CoinMetricsPage.text(days: [today - 1, today]) { "\(CoinMetricsPage.price($0))" }
        #expect(decoder.decode(next, at: later).samples?.filter(\.isDailyClose).map(\.at.milliseconds)
            == [today - 1, today - 1, today, today].map { $0 * 86_400_000 })
    }

    /// (page, outcome) on a fresh decoder.
    @Test(arguments: [
        (#"{"data":[{"time":"2025-12-14T00:00:00.000000000Z","CapMVRVCur":"0","PriceUSD":"88000"}]}"#,
         FrameOutcome.samples([Sample(metric: "mvrv", value: 0, at: Fixtures.time(), source: "coinmetrics")])),
        (#"{"data":[{"time":"2025-12-14T00:00:00.000000000Z","CapMVRVCur":null,"PriceUSD":"88000"}]}"#, .samples([])),
        (#"{"data":[]}"#, .samples([])),
        (#"{"data":[{"time":"2025-12-14","CapMVRVCur":"1.5","PriceUSD":"88000"}]}"#, .skipped(.invalidValue)),
        (#"{"data":[{"CapMVRVCur":"1.5","PriceUSD":"88000"}]}"#, .skipped(.unexpectedShape)),
        (#"{"data":[{"time":"2025-12-14T00:00:00Z","CapMVRVCur":"x","PriceUSD":"-1"}]}"#, .skipped(.invalidValue)),
        (#"{"data":[{"time":"2025-12-14T00:00:00Z","CapMVRVCur":true}]}"#, .skipped(.unexpectedShape)),
        (#"{"data":{}}"#, .skipped(.unexpectedShape)),
        (#"{"error":{"type":"forbidden","message":"Requested metric is not available"}}"#, .skipped(.serverError)),
    ])
    func page(page: String, outcome: FrameOutcome) {
        var decoder = CoinMetricsDecoder()
        #expect(decoder.decode(page, at: Fixtures.time()) == outcome)
    }

    static let query = "/timeseries/asset-metrics?assets=btc&metrics=CapMVRVCur,PriceUSD&frequency=1d"

    @Test func firstRequestAsksForTwoHundredDaysAndMore() throws {
        let now = try #require(Timestamp(rfc3339: "2025-12-14T10:00:00Z"))
        let decoder = CoinMetricsDecoder()
        #expect(decoder.requestURL(now: now) == "https://community-api.coinmetrics.io/v4" + Self.query
            + "&page_size=210&paging_from=end&start_time=2025-05-19")
        #expect(decoder.requestURL(base: "http://127.0.0.1:8080/v4/", now: now) == "http://127.0.0.1:8080/v4" + Self.query
            + "&page_size=210&paging_from=end&start_time=2025-05-19")
    }

    @Test func laterRequestsAskFromTheDayBeforeTheNewestKnown() throws {
        var decoder = CoinMetricsDecoder()
        let newest: Int64 = 20_435  // 2025-12-13
        let page = CoinMetricsPage.text(days: Array(newest - 199...newest)) { "\(CoinMetricsPage.price($0))" }
        _ = decoder.decode(page, at: Fixtures.time())
        let now = try #require(Timestamp(rfc3339: "2025-12-14T10:00:00Z"))
        #expect(decoder.requestURL(now: now) == "https://community-api.coinmetrics.io/v4" + Self.query
            + "&page_size=3&paging_from=end&start_time=2025-12-12")
        // Polls failed for a week: the interval reaches back to cover the missed days.
        let later = try #require(Timestamp(rfc3339: "2025-12-21T10:00:00Z"))
        #expect(decoder.requestURL(now: later).hasSuffix("&page_size=10&paging_from=end&start_time=2025-12-12"))
    }
}
