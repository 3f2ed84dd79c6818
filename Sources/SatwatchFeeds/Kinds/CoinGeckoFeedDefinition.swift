import SatwatchBase

extension FeedKind {
    /// CoinGecko's `/simple/price`, polled over HTTPS: the configured `coins` in each `vs` currency.
    package static let coingecko = FeedKind(defining: "coingecko")
}

/// The CoinGecko polling feed.
enum CoinGeckoFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .coingecko }
    static var defaultURL: String { "https://api.coingecko.com/api/v3" }
    static var isPolled: Bool { true }

    /// `coins` when the config names none.
    static let defaultCoins = [CoinID(code: "btc", id: "bitcoin")]
    /// `vs` when the config names none.
    static let defaultQuotes = ["usd"]
    /// `every` when the config says nothing.
    static let defaultEvery = TimeSpan.minutes(1)
    /// The shortest `every`: the free tier allows about 30 calls a minute, shared by everything
    /// behind one address.
    static let shortestEvery = TimeSpan.seconds(30)

    /// Stale after three missed polls.
    static func defaultStaleAfter(_ feed: FeedConfig) -> TimeSpan { feed.every * 3 }

    /// Any coin CoinGecko lists, in any of its currencies, once configured.
    static func canPublish(base: String, quote: String) -> Bool { true }

    static func priceMetrics(_ feed: FeedConfig) -> [String] {
        coins(feed).flatMap { coin in quotes(feed).filter { $0 != coin.code }.map { "\(coin.code).\($0)" } }
    }

    static func makeDecoder(_ feed: FeedConfig) -> any FrameDecoder { CoinGeckoDecoder(coins: coins(feed), quotes: quotes(feed)) }

    static func makeService(_ feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                            sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        let plan = FixedPollPlan(url: CoinGeckoDecoder.requestURL(base: feed.url, coins: coins(feed), quotes: quotes(feed)),
                                 headers: CoinGeckoDecoder.headers(apiKey: feed.apiKey))
        return PollingFeed(config: feed, plan: plan, health: health, logger: logger, backlog: backlog, sink: sink)
    }

    /// The feed's coins; the default ones for a feed built without the config (a replayed
    /// recording of a feed the config no longer has).
    private static func coins(_ feed: FeedConfig) -> [CoinID] { feed.coins.isEmpty ? defaultCoins : feed.coins }

    private static func quotes(_ feed: FeedConfig) -> [String] { feed.quotes.isEmpty ? defaultQuotes : feed.quotes }
}

extension CoinGeckoFeedDefinition {
    /// The coin code and the currency `feed` lacks for `base.quote`.
    static func missingEntries(base: String, quote: String, _ feed: FeedConfig) -> [(value: String, key: String)] {
        var missing: [(value: String, key: String)] = []
        if !coins(feed).contains(where: { $0.code == base }) { missing.append((base, "coins")) }
        if !quotes(feed).contains(quote) { missing.append((quote, "vs")) }
        return missing
    }
}
