import SatwatchBase

extension FeedKind {
    /// mempool.space: fees, mempool, blocks, difficulty adjustment and BTC prices over WebSocket;
    /// hash rate and difficulty over its REST API.
    package static let mempool = FeedKind(defining: "mempool")
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
    static func defaultStaleAfter(_ feed: FeedConfig) -> TimeSpan { .seconds(60) }

    /// BTC in each of mempool's conversion currencies.
    static func canPublish(base: String, quote: String) -> Bool {
        base == "btc" && MempoolDecoder.currencies.contains(quote)
    }

    static func priceMetrics(_ feed: FeedConfig) -> [String] { MempoolDecoder.currencies.map { "btc." + $0 } }

    /// `api`: the REST base hash rate and difficulty are polled from (default: the site of `url`).
    static func readSettings(_ settings: inout ConfigObject, into feed: inout FeedConfig) {
        guard let api = settings.string("api") else { return }
        if let problem = MempoolDecoder.apiProblem(api) { return settings.report("api", problem) }
        var base = Substring(api)
        while base.hasSuffix("/") { base = base.dropLast() }
        feed.api = String(base)
    }

    static func makeDecoder(_ feed: FeedConfig) -> any FrameDecoder { MempoolDecoder() }

    /// The stream and, beside it, the hash rate poller.
    static func makeService(_ feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                            sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        MempoolFeed(config: feed, health: health, logger: logger, backlog: backlog, sink: sink)
    }

    /// The official web client pings after 30 s of silence and gives up after 5 s more; the
    /// server's proxy drops connections after 120 s without traffic.
    static func wire(_ feed: FeedConfig) -> FeedWire {
        FeedWire(openingMessages: MempoolDecoder.subscribeMessages, ping: MempoolDecoder.pingMessage,
                 quietBeforePing: min(.seconds(30), feed.staleAfter), pongTimeout: .seconds(5), isPong: MempoolDecoder.isPong)
    }
}
