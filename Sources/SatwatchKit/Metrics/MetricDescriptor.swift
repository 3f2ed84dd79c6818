/// What the catalog knows about one metric: its unit and which feeds publish it.
public struct MetricDescriptor: Sendable, Equatable {
    /// Catalog name (for fiat prices, the concrete name such as `btc.eur`).
    public var name: String
    /// Human unit, e.g. `sat/vB`.
    public var unit: String
    /// Feeds that publish it, in order of preference.
    public var sources: [FeedKind]

    /// Creates a descriptor.
    public init(name: String, unit: String, sources: [FeedKind]) {
        self.name = name
        self.unit = unit
        self.sources = sources
    }
}
