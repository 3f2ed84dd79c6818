import SatwatchBase
import SatwatchJSON

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
