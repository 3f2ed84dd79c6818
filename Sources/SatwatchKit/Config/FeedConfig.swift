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
    /// The markets followed: Coinbase `products` (default `BTC-USD`) or Kraken `symbols`
    /// (default `BTC/USD`); empty for feeds that take none.
    public var pairs: [TradingPair]
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
                pairs: [TradingPair]? = nil, every: TimeSpan = .hours(1)) {
        self.kind = kind
        self.url = url ?? kind.defaultURL
        self.staleAfter = staleAfter ?? kind.defaultStaleAfter(every: every)
        self.caFile = caFile
        self.pairs = pairs ?? Self.defaultPairs(kind)
        self.every = every
    }

    /// `BTC-USD` on Coinbase, `BTC/USD` on Kraken, none elsewhere.
    static func defaultPairs(_ kind: FeedKind) -> [TradingPair] {
        switch kind {
        case .coinbase: [TradingPair("BTC-USD", feed: .coinbase)!]
        case .kraken: [TradingPair("BTC/USD", feed: .kraken)!]
        case .mempool, .coinmetrics: []
        }
    }

    /// The prices this feed publishes as configured, e.g. `btc.usd`, `eth.eur`: its pairs, or
    /// mempool's BTC conversions.
    public var priceMetrics: [String] {
        switch kind {
        case .coinbase, .kraken: pairs.map(\.metric)
        case .mempool: MempoolDecoder.currencies.map { "btc." + $0 }
        case .coinmetrics: []
        }
    }
}
