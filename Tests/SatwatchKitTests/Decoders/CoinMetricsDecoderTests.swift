import SatwatchKit
import Testing

/// The Coin Metrics decoder: derived metrics, the 200-day window, request URLs.
@Suite struct CoinMetricsDecoderTests {
    static let at = Fixtures.time()

    @Test func fixturePageGivesTheNewestRowAndItsDerivedMetrics() throws {
        var decoder = CoinMetricsDecoder()
        let page = try Fixtures.text("coinmetrics-mvrv.json")
        // The newest row, 2025-12-14, with the arithmetic the catalog defines.
        let mvrv = try #require(Double("1.56259929379314562"))
        let price = try #require(Double("88096.3826142607"))
        let expected = [
            Sample(metric: "mvrv", value: mvrv, at: Self.at, source: "coinmetrics"),
            Sample(metric: "nupl", value: 1 - 1 / mvrv, at: Self.at, source: "coinmetrics"),
            Sample(metric: "realized_price.usd", value: price / mvrv, at: Self.at, source: "coinmetrics"),
        ]
        #expect(decoder.decode(page, at: Self.at) == .samples(expected))
        #expect(decoder.knownDays == 10)
        #expect(abs(expected[1].value - 0.36004) < 0.00001)
        #expect(abs(expected[2].value - 56378.0) < 1)
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
        let metrics = decoder.decode(older, at: Self.at).samples?.map(\.metric)
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
        #expect(last.first { $0.metric == "mvrv" }?.value == 1 + Double(249) / 1000)
        #expect(last.first { $0.metric == "mayer_multiple" }?.value == mayer)
    }

    @Test func incompleteNewestRowLeavesMVRVAtThePreviousDay() {
        var decoder = CoinMetricsDecoder()
        let page = CoinMetricsPage.text(days: [20_430, 20_431], price: { "\($0)" }, mvrv: { $0 == 20_431 ? nil : "1.5" })
        let samples = decoder.decode(page, at: Self.at).samples
        #expect(samples == [
            Sample(metric: "mvrv", value: 1.5, at: Self.at, source: "coinmetrics"),
            Sample(metric: "nupl", value: 1 - 1 / 1.5, at: Self.at, source: "coinmetrics"),
            Sample(metric: "realized_price.usd", value: 20_430 / 1.5, at: Self.at, source: "coinmetrics"),
        ])
        #expect(decoder.knownDays == 2)
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
