import SatwatchBase

extension FeedKind {
    /// alternative.me's Crypto Fear & Greed Index, polled over HTTPS.
    package static let feargreed = FeedKind(defining: "feargreed")
}

/// The Fear & Greed feed's own settings.
package struct FearGreedSettings: FeedSettings, Equatable {
    /// `every`: the poll interval (default 1h, at least 5m; the index changes once a day).
    package var every = TimeSpan.hours(1)

    package init(every: TimeSpan = .hours(1)) { self.every = every }
}

/// alternative.me's Crypto Fear & Greed Index (its documented API, `GET /fng/?limit=1`): one
/// number from 0 (extreme fear) to 100 (extreme greed), published as `fear_greed`, for rules
/// such as `{"metric": "fear_greed", "below": 20}`.
enum FearGreedFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .feargreed }
    static var defaultURL: String { "https://api.alternative.me/fng/?limit=1" }
    static var isPolled: Bool { true }

    static var fixedMetrics: [MetricDescriptor] { [MetricDescriptor(name: "fear_greed", unit: "index", sources: [.feargreed])] }

    static var defaultSettings: FearGreedSettings { FearGreedSettings() }

    /// Stale after three missed polls.
    static func defaultStaleAfter(_ settings: FearGreedSettings) -> TimeSpan { settings.every * 3 }

    /// `every`: the poll interval, at least 5m.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> FearGreedSettings {
        var settings = FearGreedSettings()
        if let every = object.pollInterval(atLeast: .minutes(5)) { settings.every = every }
        return settings
    }

    static func canPublish(base: String, quote: String) -> Bool { false }
    static func priceMetrics(_ settings: FearGreedSettings) -> [String] { [] }

    static func makeDecoder(_ settings: FearGreedSettings) -> any FrameDecoder { FearGreedDecoder() }

    static func makeService(_ feed: FeedConfig, _ settings: FearGreedSettings, health: FeedHealthBoard, logger: Logger,
                            backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        PollingFeed(config: feed, every: settings.every, plan: FixedPollPlan(url: feed.url), health: health, logger: logger,
                    backlog: backlog, sink: sink)
    }
}
