/// One observation of a metric, as a feed decoder produces it and the rule engine consumes it.
package struct Sample: Sendable, Equatable {
    /// Catalog name, e.g. `btc.usd`, `fee.economy`, `mvrv`.
    package var metric: String
    /// The value in the metric's unit.
    package var value: Double
    /// When it was observed (receive time for live feeds, recorded time in replay); for a daily
    /// close, the start (00:00 UTC) of its day.
    package var at: Timestamp
    /// The feed that published it (`mempool`, `coinbase`, `kraken`, `coinmetrics`, or `test`).
    package var source: String
    /// A completed UTC day's close from a feed's history (Coin Metrics' daily rows), not a live
    /// observation: it feeds the daily closes that windows of a day or more read, and is no
    /// current value of the metric (rules and the latest-value board leave it out).
    package var isDailyClose: Bool
    /// The items of one poll of a news source (metric `news.<source>`, value: how many); empty
    /// for every other sample. The rules judge each item once (see `HeadlineLedger`).
    package var headlines: [Headline] = []

    /// Creates a sample.
    package init(metric: String, value: Double, at: Timestamp, source: String, isDailyClose: Bool = false,
                 headlines: [Headline] = []) {
        self.metric = metric
        self.value = value
        self.at = at
        self.source = source
        self.isDailyClose = isDailyClose
        self.headlines = headlines
    }
}
