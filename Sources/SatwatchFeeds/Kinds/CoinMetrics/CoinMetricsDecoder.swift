import SatwatchBase
import SatwatchJSON

/// Decodes pages of the Coin Metrics community API `timeseries/asset-metrics` for BTC with
/// `CapMVRVCur` and `PriceUSD` (values are decimal strings; rows have an RFC 3339 day `time`).
///
/// State: the daily prices of the last 200 days (by day, deduplicated across pages and polls)
/// and the newest complete row (one with both values). Every page that decodes emits, from
/// that state: `mvrv`; `nupl` = 1 − 1/MVRV and `realized_price.usd` = PriceUSD / MVRV only
/// when MVRV > 0; and `mayer_multiple` = newest PriceUSD / mean of the last 200 daily
/// PriceUSD values, only once 200 days are known (a shorter mean would be a different, noisier
/// indicator, and rules on it would fire on start-up artefacts). Emitting from state rather
/// than from the page means an older page (paging backwards) never makes MVRV go back in time,
/// and the Mayer multiple appears as soon as the page completing the 200 days arrives.
///
/// Sample time is the receive time `at`, not the row's day: the day is already a day or more
/// old when its row completes, so stamping it would make every sample look stale and out of
/// order next to live feeds (histories ignore out-of-order points), and a value that is still
/// the newest one known is true now. Replays get the recorded receive times, as for all feeds.
///
/// Besides those live samples, each page gives its rows as history: one daily-close sample
/// (`isDailyClose`, stamped 00:00 UTC of the row's day) per row day for `btc.usd` (PriceUSD)
/// and `mvrv` (CapMVRVCur), in row order and before the live samples, for days before the UTC
/// day of `at` only (a row of today would not be a close yet). They warm windows of a day or
/// more (`sma(btc.usd, 200d)`) at start; the engine keeps them out of rules and the latest
/// values.
package struct CoinMetricsDecoder: FrameDecoder {
    /// How many daily prices the Mayer multiple averages.
    package static let historyDays = 200

    private(set) var prices = DayWindow(capacity: historyDays)
    /// The newest row with both values: its day, MVRV and PriceUSD.
    private var newest: (day: Int64, mvrv: Double, price: Double)?
    /// Row values that were present but unusable, on pages that still decoded.
    package private(set) var rejectedFields = 0

    /// The top-level keys read; others are skipped unbuilt.
    static let keys: Set<String> = ["error", "data"]

    /// Creates a decoder with no history.
    package init() {}

    /// How many distinct days of PriceUSD are known (at most ``historyDays``).
    package var knownDays: Int { prices.count }

    /// Takes one response page into the state and emits the current values (see the type).
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let page: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): page = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        if page["error"] != nil { return .skipped(.serverError) }
        guard let rows = page["data"]?.array else { return .skipped(.unexpectedShape) }
        var batch = SampleBatch(at: at, source: FeedKind.coinmetrics.rawValue)
        var usableRows = 0
        for row in rows where record(row, into: &batch) { usableRows += 1 }
        if usableRows == 0, let reason = batch.firstRejection { return .skipped(reason) }
        rejectedFields += batch.rejected
        emit(into: &batch)
        return .samples(batch.samples)
    }

    /// Takes one row into the state; false when nothing in it was usable.
    private mutating func record(_ row: JSONNode, into batch: inout SampleBatch) -> Bool {
        guard let text = row["time"]?.string else {
            batch.reject(.unexpectedShape)
            return false
        }
        guard let time = Timestamp(rfc3339: text) else {
            batch.reject(.invalidValue)
            return false
        }
        let day = time.utcDay
        let price = Self.value(row["PriceUSD"], domain: .positive, into: &batch)
        let mvrv = Self.value(row["CapMVRVCur"], domain: .any, into: &batch)
        if day < batch.at.utcDay {
            if let price { batch.addDailyClose("btc.usd", price, day: day) }
            if let mvrv { batch.addDailyClose("mvrv", mvrv, day: day) }
        }
        if let price { prices.record(price, day: day) }
        if let price, let mvrv, day >= newest?.day ?? .min { newest = (day, mvrv, price) }
        return price != nil || mvrv != nil
    }

    /// A row value: nil when absent or `null` (Coin Metrics leaves out what is not computed yet),
    /// or when unusable (then rejected).
    private static func value(_ node: JSONNode?, domain: ValueDomain, into batch: inout SampleBatch) -> Double? {
        guard let node, !node.isNull else { return nil }
        switch SampleBatch.decimal(node) {
        case .value(let value) where domain.admits(value): return value
        case .value: batch.reject(.invalidValue)
        case .skipped(let reason): batch.reject(reason)
        }
        return nil
    }

    private func emit(into batch: inout SampleBatch) {
        if let newest {
            batch.add("mvrv", newest.mvrv)
            if newest.mvrv > 0 {
                batch.add("nupl", 1 - 1 / newest.mvrv)
                batch.add("realized_price.usd", newest.price / newest.mvrv)
            }
        }
        if prices.isFull, let latest = prices.latest, let mean = prices.mean, mean > 0 {
            batch.add("mayer_multiple", latest.value / mean)
        }
    }
}

/// The requests a Coin Metrics poll makes.
///
/// Design: every request is bounded by `start_time`, so following `next_page_url` (as the API
/// asks) always ends. Until 200 days of prices are known, the interval is the last
/// ``historyWindowDays`` calendar days, enough for 200 completed rows even though day D's row
/// only appears around 03:00 UTC on D+1. Once history is full, it starts the day before the
/// newest known day: normally two or three rows, re-reading the newest in case Coin Metrics
/// restated it, and catching up every day missed while polls failed. `page_size` covers the
/// whole interval so one request normally suffices, and `paging_from=end` makes the newest
/// rows come first should the interval ever need more pages.
extension CoinMetricsDecoder {
    /// Calendar days requested while history is incomplete.
    package static let historyWindowDays = historyDays + 10

    /// The `timeseries/asset-metrics` URL for the next poll at `now`, under `base` (the feed's
    /// `url`, default `https://community-api.coinmetrics.io/v4`).
    package func requestURL(base: String = FeedKind.coinmetrics.defaultURL, now: Timestamp) -> String {
        let today = now.utcDay
        let earliest = today - Int64(Self.historyWindowDays) + 1
        var start = earliest
        if prices.isFull, let latest = prices.latest { start = max(earliest, latest.day - 1) }
        let pageSize = max(today - start + 1, 2)
        let startDate = Timestamp(startOfUTCDay: start).rfc3339.prefix(10)
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        return root + "/timeseries/asset-metrics?assets=btc&metrics=CapMVRVCur,PriceUSD&frequency=1d"
            + "&page_size=\(pageSize)&paging_from=end&start_time=\(startDate)"
    }

    /// The page's `next_page_url`, to be fetched next; nil on the last page (or when `frame` is
    /// not a page).
    package static func nextPageURL(_ frame: String) -> String? {
        guard case .value(let page) = FrameObject.parse(frame, keeping: ["next_page_url"]) else { return nil }
        return page.node["next_page_url"]?.string
    }
}
