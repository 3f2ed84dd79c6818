import SatwatchBase

/// One enabled feed, from `feeds.<kind>` in the config.
package struct FeedConfig: Sendable, Equatable {
    /// The feed kind (its key in the config).
    package var kind: FeedKind
    /// Endpoint (`url`), defaulting to the public one.
    package var url: String
    /// How long without data before the feed counts as stale (`stale_after`).
    package var staleAfter: TimeSpan
    /// Extra CA bundle to trust for TLS (`ca_file`), resolved against the config's folder.
    package var caFile: String?
    /// The markets followed: Coinbase `products` (default `BTC-USD`) or Kraken `symbols`
    /// (default `BTC/USD`); empty for feeds that take none.
    package var pairs: [TradingPair]
    /// Poll interval of a polled feed (`every`; Coin Metrics default 1h).
    package var every: TimeSpan
    /// CoinGecko `coins`: the asset code a coin publishes under, with CoinGecko's id
    /// (`eth` → `ethereum`), sorted by code.
    package var coins: [CoinID] = []
    /// CoinGecko `vs`: the quote currencies, lowercase (`usd`, `eur`).
    package var quotes: [String] = []
    /// An API key sent with each request (CoinGecko `api_key`); a secret, never logged.
    package var apiKey: String?
    /// The REST base of a feed that also polls HTTP (mempool `api`), derived from `url` when nil.
    package var api: String?
    /// The largest message (WebSocket) or response body (Coin Metrics) accepted (`max_frame`,
    /// default ``defaultMaxFrame``); a larger one is refused without being buffered.
    package var maxFrame: ByteSize = FeedConfig.defaultMaxFrame

    /// `max_frame` when the config says nothing.
    package static let defaultMaxFrame = ByteSize(bytes: 1 << 20)
    /// The smallest `max_frame` accepted: below it even subscription acks would not fit.
    package static let smallestMaxFrame = ByteSize(bytes: 1 << 10)
    /// The largest `max_frame` accepted: the old fixed cap, at which one frame of `[1,1,…]`
    /// already cost the worker hundreds of MB.
    package static let largestMaxFrame = ByteSize(bytes: 16 << 20)

    /// A feed of `kind` with every default.
    package init(kind: FeedKind, url: String? = nil, staleAfter: TimeSpan? = nil, caFile: String? = nil,
                pairs: [TradingPair]? = nil, every: TimeSpan = .hours(1)) {
        self.kind = kind
        self.url = url ?? kind.defaultURL
        self.staleAfter = .zero
        self.caFile = caFile
        self.pairs = pairs ?? Self.defaultPairs(kind)
        self.every = every
        self.staleAfter = staleAfter ?? kind.definition.defaultStaleAfter(self)
    }

    /// The exchange's example pair (`BTC-USD` on Coinbase, `BTC/USD` on Kraken), none for feeds
    /// that take no pairs.
    static func defaultPairs(_ kind: FeedKind) -> [TradingPair] {
        guard let spelling = kind.definition.pairSpelling else { return [] }
        return [TradingPair(spelling.example, spelling: spelling)!]
    }

    /// The prices this feed publishes as configured, e.g. `btc.usd`, `eth.eur`: its pairs, or
    /// mempool's BTC conversions.
    package var priceMetrics: [String] { kind.definition.priceMetrics(self) }
}
