/// A metric as published by one feed: the key of the latest-value table.
public struct MetricKey: Sendable, Hashable, Comparable {
    /// Catalog name.
    public var metric: String
    /// Publishing feed.
    public var source: String

    /// Creates a key.
    public init(metric: String, source: String) {
        self.metric = metric
        self.source = source
    }

    public static func < (lhs: MetricKey, rhs: MetricKey) -> Bool { (lhs.metric, lhs.source) < (rhs.metric, rhs.source) }
}
