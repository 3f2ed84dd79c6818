/// What the catalog knows about one metric: its unit and which feeds publish it.
package struct MetricDescriptor: Sendable, Equatable {
    /// Catalog name (for fiat prices, the concrete name such as `btc.eur`).
    package var name: String
    /// Human unit, e.g. `sat/vB`.
    package var unit: String
    /// Feeds that publish it, in order of preference.
    package var sources: [FeedKind]

    /// Creates a descriptor.
    package init(name: String, unit: String, sources: [FeedKind]) {
        self.name = name
        self.unit = unit
        self.sources = sources
    }
}
