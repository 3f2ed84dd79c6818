/// A metric as published by one feed: the key of the latest-value table.
package struct MetricKey: Sendable, Hashable, Comparable {
    /// Catalog name.
    package var metric: String
    /// Publishing feed.
    package var source: String

    /// Creates a key.
    package init(metric: String, source: String) {
        self.metric = metric
        self.source = source
    }

    package static func < (lhs: MetricKey, rhs: MetricKey) -> Bool { (lhs.metric, lhs.source) < (rhs.metric, rhs.source) }
}
