import SatwatchBase

extension FeedKind {
    /// Coin Metrics' community API, polled over HTTPS: MVRV and the on-chain ratios from it.
    package static let coinmetrics = FeedKind(defining: "coinmetrics")
}

/// The Coin Metrics feed's own settings.
package struct CoinMetricsSettings: FeedSettings, Equatable {
    /// `every`: the poll interval (default 1h, at least 1m).
    package var every = TimeSpan.hours(1)

    package init(every: TimeSpan = .hours(1)) { self.every = every }
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

    static var defaultSettings: CoinMetricsSettings { CoinMetricsSettings() }

    /// Polled every `every` (default 1h): stale after three missed polls.
    static func defaultStaleAfter(_ settings: CoinMetricsSettings) -> TimeSpan { settings.every * 3 }

    /// `every`: the poll interval, at least 1m.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> CoinMetricsSettings {
        var settings = CoinMetricsSettings()
        if let every = object.pollInterval(atLeast: .minutes(1)) { settings.every = every }
        return settings
    }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ settings: CoinMetricsSettings) -> [String] { [] }

    static func makeDecoder(_ settings: CoinMetricsSettings) -> any FrameDecoder { CoinMetricsDecoder() }

    static func makeService(_ feed: FeedConfig, _ settings: CoinMetricsSettings, health: FeedHealthBoard, logger: Logger,
                            backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        PollingFeed(config: feed, every: settings.every, plan: CoinMetricsPollPlan(base: feed.url), health: health, logger: logger,
                    backlog: backlog, sink: sink)
    }
}
