/// One enabled feed, from `feeds.<kind>` in the config.
public struct FeedConfig: Sendable, Equatable {
    /// The feed kind (its key in the config).
    public var kind: FeedKind
    /// Endpoint (`url`), defaulting to the public one.
    public var url: String
    /// How long without data before the feed counts as stale (`stale_after`).
    public var staleAfter: TimeSpan
    /// Extra CA bundle to trust for TLS (`ca_file`), resolved against the config's folder.
    public var caFile: String?
    /// Coinbase product ids (`products`, default `["BTC-USD"]`).
    public var products: [String]
    /// Kraken pairs (`symbols`, default `["BTC/USD"]`).
    public var symbols: [String]
    /// Coin Metrics poll interval (`every`, default 1h).
    public var every: TimeSpan
    /// The largest message (WebSocket) or response body (Coin Metrics) accepted (`max_frame`,
    /// default ``defaultMaxFrame``); a larger one is refused without being buffered.
    public var maxFrame: ByteSize = FeedConfig.defaultMaxFrame

    /// `max_frame` when the config says nothing.
    public static let defaultMaxFrame = ByteSize(bytes: 1 << 20)
    /// The smallest `max_frame` accepted: below it even subscription acks would not fit.
    static let smallestMaxFrame = ByteSize(bytes: 1 << 10)
    /// The largest `max_frame` accepted: the old fixed cap, at which one frame of `[1,1,…]`
    /// already cost the worker hundreds of MB.
    static let largestMaxFrame = ByteSize(bytes: 16 << 20)

    /// A feed of `kind` with every default.
    public init(kind: FeedKind, url: String? = nil, staleAfter: TimeSpan? = nil, caFile: String? = nil,
                products: [String] = ["BTC-USD"], symbols: [String] = ["BTC/USD"], every: TimeSpan = .hours(1)) {
        self.kind = kind
        self.url = url ?? kind.defaultURL
        self.staleAfter = staleAfter ?? kind.defaultStaleAfter(every: every)
        self.caFile = caFile
        self.products = products
        self.symbols = symbols
        self.every = every
    }

    /// The fiat metrics this feed publishes given its products/symbols, e.g. `btc.usd`.
    public var priceMetrics: [String] {
        switch kind {
        case .coinbase: products.compactMap { FeedConfig.fiatMetric(pair: $0, separator: "-") }
        case .kraken: symbols.compactMap { FeedConfig.fiatMetric(pair: $0, separator: "/") }
        case .mempool, .coinmetrics: []
        }
    }

    /// `BTC-USD` → `btc.usd`; nil for pairs whose base is not BTC (XBT counts as BTC).
    static func fiatMetric(pair: String, separator: Character) -> String? {
        let parts = pair.split(separator: separator)
        guard parts.count == 2, ["BTC", "XBT"].contains(parts[0].uppercased()) else { return nil }
        return "btc." + parts[1].lowercased()
    }
}
