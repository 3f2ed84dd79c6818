/// Every feed satwatch knows, in the order `check` lists them: the one place a feed is registered.
enum FeedKinds {
    static var all: [any FeedDefinition.Type] {
        [MempoolFeedDefinition.self, CoinbaseFeedDefinition.self, KrakenFeedDefinition.self, CoinMetricsFeedDefinition.self,
         CoinGeckoFeedDefinition.self, BinanceFeedDefinition.self]
    }

    /// The feed whose config key is `name`.
    static func definition(named name: String) -> (any FeedDefinition.Type)? {
        all.first { $0.kind.rawValue == name }
    }
}
