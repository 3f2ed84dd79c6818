import SatwatchBase

extension FeedKind {
    /// mempool.space: fees, mempool, blocks, difficulty adjustment and BTC prices over WebSocket;
    /// hash rate and difficulty over its REST API.
    package static let mempool = FeedKind(defining: "mempool")
}

/// The mempool feed's own settings.
package struct MempoolSettings: FeedSettings, Equatable {
    /// `api`: the REST base hash rate and difficulty are polled from; nil: derived from `url`.
    package var api: String?
    /// `watch`: the addresses and transactions followed on chain.
    package var watch: ChainWatch
    /// `explorer`: the site notifications link to; nil: the feed's own (derived from `url`).
    package var explorer: String?

    package init(api: String? = nil, watch: ChainWatch = ChainWatch(), explorer: String? = nil) {
        self.api = api
        self.watch = watch
        self.explorer = explorer
    }
}

/// The mempool.space feed: its WebSocket stream, plus hash rate and difficulty polled from its REST
/// API (`MempoolFeed`).
enum MempoolFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .mempool }
    static var defaultURL: String { "wss://mempool.space/api/v1/ws" }

    static var fixedMetrics: [MetricDescriptor] {
        [("fee.fastest", "sat/vB"), ("fee.half_hour", "sat/vB"), ("fee.hour", "sat/vB"), ("fee.economy", "sat/vB"),
         ("fee.minimum", "sat/vB"), ("mempool.count", "tx"), ("mempool.vsize", "vB"), ("mempool.vbytes_per_second", "vB/s"),
         ("block.height", "blocks"), ("difficulty.change", "%"), ("difficulty.remaining_blocks", "blocks"),
         ("hashrate", "EH/s"), ("difficulty", "")]
            .map { MetricDescriptor(name: $0.0, unit: $0.1, sources: [.mempool]) }
    }

    /// Stats arrive every few seconds.
    static var defaultSettings: MempoolSettings { MempoolSettings() }

    static func defaultStaleAfter(_ settings: MempoolSettings) -> TimeSpan { .seconds(60) }

    /// BTC in each of mempool's conversion currencies.
    static func canPublish(base: String, quote: String) -> Bool {
        base == "btc" && MempoolDecoder.currencies.contains(quote)
    }

    /// Its prices, and the metrics of what it watches on chain.
    static func priceMetrics(_ settings: MempoolSettings) -> [String] {
        MempoolDecoder.currencies.map { "btc." + $0 } + settings.watch.metrics
    }

    /// `api`: the REST base hash rate, difficulty and watched coins are read from (default: the
    /// site of `url`); `watch`: addresses and transactions, checked against the feed's network.
    /// `explorer`: the site notifications about watched coins link to (default: the feed's).
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> MempoolSettings {
        var settings = MempoolSettings(watch: ChainWatch.read(&object, network: BitcoinNetwork(feedURL: feed.url)))
        settings.api = baseURL(&object, "api")
        settings.explorer = baseURL(&object, "explorer")
        return settings
    }

    /// An http(s) base URL under `key`, without trailing `/`; nil (reported) when it is not one.
    private static func baseURL(_ object: inout ConfigObject, _ key: String) -> String? {
        guard let text = object.string(key) else { return nil }
        if let problem = MempoolDecoder.apiProblem(text, key: key) {
            object.report(key, problem)
            return nil
        }
        var base = Substring(text)
        while base.hasSuffix("/") { base = base.dropLast() }
        return String(base)
    }

    static func makeDecoder(_ settings: MempoolSettings) -> any FrameDecoder { MempoolDecoder(watch: settings.watch) }

    /// The stream and, beside it, the hash rate poller.
    static func makeService(_ feed: FeedConfig, _ settings: MempoolSettings, health: FeedHealthBoard, logger: Logger,
                            backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        MempoolFeed(config: feed, health: health, logger: logger, backlog: backlog, sink: sink)
    }

    /// The official web client pings after 30 s of silence and gives up after 5 s more; the
    /// server's proxy drops connections after 120 s without traffic.
    static func wire(_ feed: FeedConfig, _ settings: MempoolSettings) -> FeedWire {
        FeedWire(openingMessages: MempoolDecoder.subscribeMessages + MempoolDecoder.trackMessages(settings.watch), ping: MempoolDecoder.pingMessage,
                 quietBeforePing: min(.seconds(30), feed.staleAfter), pongTimeout: .seconds(5), isPong: MempoolDecoder.isPong)
    }
}
