import SatwatchBase

extension FeedKind {
    /// Coin Metrics' community API, polled over HTTPS: MVRV and the on-chain ratios from it.
    package static let coinmetrics = FeedKind(defining: "coinmetrics")
}

/// The Coin Metrics polling feed.
enum CoinMetricsFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .coinmetrics }
    static var defaultURL: String { "https://community-api.coinmetrics.io/v4" }
    static var isPolled: Bool { true }
    /// Its rows are a day old when they arrive, stamped with the receive time.
    static var publishesDailyValues: Bool { true }

    static var fixedMetrics: [MetricDescriptor] {
        [("mvrv", "ratio"), ("nupl", "ratio"), ("realized_price.usd", "USD"), ("mayer_multiple", "ratio")]
            .map { MetricDescriptor(name: $0.0, unit: $0.1, sources: [.coinmetrics]) }
    }

    /// Polled every `every` (default 1h): stale after three missed polls.
    static func defaultStaleAfter(_ feed: FeedConfig) -> TimeSpan { feed.every * 3 }

    /// `every`: the poll interval, at least 1m.
    static func readSettings(_ settings: inout ConfigObject, into feed: inout FeedConfig) {
        if let every = settings.span("every") {
            if every < .minutes(1) { settings.report("every", "\"every\" must be at least 1m") } else { feed.every = every }
        }
    }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ feed: FeedConfig) -> [String] { [] }

    static func makeDecoder(_ feed: FeedConfig) -> any FrameDecoder { CoinMetricsDecoder() }

    static func makeService(_ feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                            sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        PollingFeed(config: feed, plan: CoinMetricsPollPlan(base: feed.url), health: health, logger: logger, backlog: backlog, sink: sink)
    }
}
