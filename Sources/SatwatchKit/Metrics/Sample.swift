/// One observation of a metric, as a feed decoder produces it and the rule engine consumes it.
public struct Sample: Sendable, Equatable {
    /// Catalog name, e.g. `btc.usd`, `fee.economy`, `mvrv`.
    public var metric: String
    /// The value in the metric's unit.
    public var value: Double
    /// When it was observed (receive time for live feeds, recorded time in replay).
    public var at: Timestamp
    /// The feed that published it (`mempool`, `coinbase`, `kraken`, `coinmetrics`, or `test`).
    public var source: String

    /// Creates a sample.
    public init(metric: String, value: Double, at: Timestamp, source: String) {
        self.metric = metric
        self.value = value
        self.at = at
        self.source = source
    }
}
