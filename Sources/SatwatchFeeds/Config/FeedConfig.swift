import SatwatchBase

/// One enabled feed, from `feeds.<kind>` in the config: what every feed takes, and its own
/// settings (`settings`), which only its definition reads.
package struct FeedConfig: Sendable, Equatable {
    /// The feed kind (its key in the config).
    package var kind: FeedKind
    /// Endpoint (`url`), defaulting to the public one.
    package var url: String
    /// How long without data before the feed counts as stale (`stale_after`).
    package var staleAfter: TimeSpan
    /// Extra CA bundle to trust for TLS (`ca_file`), resolved against the config's folder.
    package var caFile: String?
    /// The largest message (WebSocket) or response body (Coin Metrics) accepted (`max_frame`,
    /// default ``defaultMaxFrame``); a larger one is refused without being buffered.
    package var maxFrame: ByteSize = FeedConfig.defaultMaxFrame
    /// The feed's own settings (Coinbase's `products`, CoinGecko's `coins`, …), of its
    /// definition's `Settings` type.
    package var settings: any FeedSettings

    /// `max_frame` when the config says nothing.
    package static let defaultMaxFrame = ByteSize(bytes: 1 << 20)
    /// The smallest `max_frame` accepted: below it even subscription acks would not fit.
    package static let smallestMaxFrame = ByteSize(bytes: 1 << 10)
    /// The largest `max_frame` accepted: the old fixed cap, at which one frame of `[1,1,…]`
    /// already cost the worker hundreds of MB.
    package static let largestMaxFrame = ByteSize(bytes: 16 << 20)

    /// A feed of `kind` with `settings` (the kind's defaults when nil) and every other default.
    package init(kind: FeedKind, url: String? = nil, staleAfter: TimeSpan? = nil, caFile: String? = nil,
                 settings: (any FeedSettings)? = nil) {
        self.kind = kind
        self.url = url ?? kind.defaultURL
        self.caFile = caFile
        self.settings = settings ?? kind.definition.erasedDefaultSettings
        self.staleAfter = .zero
        self.staleAfter = staleAfter ?? kind.definition.defaultStaleAfter(of: self)
    }

    /// The feed's own settings as its definition's type `S`; the kind's defaults when they are
    /// of another type (a programming error elsewhere, never a config's).
    package func settings<S: FeedSettings>(_ type: S.Type) -> S {
        settings as? S ?? kind.definition.erasedDefaultSettings as! S
    }

    /// The prices this feed publishes as configured, e.g. `btc.usd`, `eth.eur`: its pairs, or
    /// mempool's BTC conversions.
    package var priceMetrics: [String] { kind.definition.priceMetrics(of: self) }

    /// The metrics of this feed's families it publishes as configured, e.g. `dvol.btc`,
    /// `option.btc_27dec26_100000_c.delta`.
    package var familyMetrics: [String] { kind.definition.familyMetrics(of: self) }

    /// A fresh decoder for this feed's frames.
    package func makeDecoder() -> any FrameDecoder { kind.definition.decoder(of: self) }

    /// The service that keeps this feed flowing into `sink` (a supervised WebSocket, or a
    /// poller), as its definition says. With `backlog`, a feed waits for its turn there before
    /// handing over each frame (whoever consumes `sink` marks frames done there).
    package func service(health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog? = nil,
                         sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        kind.definition.service(of: self, health: health, logger: logger, backlog: backlog, sink: sink)
    }

    package static func == (lhs: FeedConfig, rhs: FeedConfig) -> Bool {
        lhs.kind == rhs.kind && lhs.url == rhs.url && lhs.staleAfter == rhs.staleAfter && lhs.caFile == rhs.caFile
            && lhs.maxFrame == rhs.maxFrame && lhs.settings.isEqual(to: rhs.settings)
    }
}
