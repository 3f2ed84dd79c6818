/// Every feed satwatch knows, in the order `check` lists them: the one place a feed is registered.
package enum FeedKinds {
    static let all: [any FeedDefinition.Type] = [
        MempoolFeedDefinition.self,
        CoinbaseFeedDefinition.self,
        KrakenFeedDefinition.self,
        CoinMetricsFeedDefinition.self,
        FearGreedFeedDefinition.self,
        CoinGeckoFeedDefinition.self,
        BinanceFeedDefinition.self,
        DeribitFeedDefinition.self,
        BinanceFuturesFeedDefinition.self,
        NewsFeedDefinition.self,
    ]

    /// The feeds by name, built once: `FeedKind.definition` is read per frame and per sample.
    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.kind.rawValue, $0) })

    /// The names of feeds whose samples are daily values (see `FeedDefinition.publishesDailyValues`).
    package static let dailySources = Set(all.filter { $0.publishesDailyValues }.map { $0.kind.rawValue })

    /// The feed whose config key is `name`.
    static func definition(named name: String) -> (any FeedDefinition.Type)? { byName[name] }
}
