import SatwatchBase

extension FeedKind {
    /// CoinGecko's `/simple/price`, polled over HTTPS: the configured `coins` in each `vs` currency.
    package static let coingecko = FeedKind(defining: "coingecko")
}

/// The CoinGecko feed's own settings.
package struct CoinGeckoSettings: FeedSettings, Equatable {
    /// `coins`: the asset code each coin publishes under, with CoinGecko's id (`eth` →
    /// `ethereum`), sorted by code.
    package var coins = CoinGeckoFeedDefinition.defaultCoins
    /// `vs`: the quote currencies, lowercase (`usd`, `eur`).
    package var quotes = CoinGeckoFeedDefinition.defaultQuotes
    /// `every`: the poll interval.
    package var every = CoinGeckoFeedDefinition.defaultEvery
    /// `api_key`: a demo key sent with each request; a secret, never logged.
    package var apiKey: String?

    package init(coins: [CoinID] = CoinGeckoFeedDefinition.defaultCoins, quotes: [String] = CoinGeckoFeedDefinition.defaultQuotes,
                 every: TimeSpan = CoinGeckoFeedDefinition.defaultEvery, apiKey: String? = nil) {
        self.coins = coins
        self.quotes = quotes
        self.every = every
        self.apiKey = apiKey
    }

    package var secrets: [String] { apiKey.map { [$0] } ?? [] }
}

/// The CoinGecko polling feed.
enum CoinGeckoFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .coingecko }
    static var defaultURL: String { "https://api.coingecko.com/api/v3" }
    static var isPolled: Bool { true }
    static var defaultSettings: CoinGeckoSettings { CoinGeckoSettings() }

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
    static func defaultStaleAfter(_ settings: CoinGeckoSettings) -> TimeSpan { settings.every * 3 }

    /// Any coin CoinGecko lists, in any of its currencies, once configured.
    static func canPublish(base: String, quote: String) -> Bool { true }

    static func priceMetrics(_ settings: CoinGeckoSettings) -> [String] {
        settings.coins.flatMap { coin in settings.quotes.filter { $0 != coin.code }.map { "\(coin.code).\($0)" } }
    }

    static func makeDecoder(_ settings: CoinGeckoSettings) -> any FrameDecoder {
        CoinGeckoDecoder(coins: settings.coins, quotes: settings.quotes)
    }

    static func makeService(_ feed: FeedConfig, _ settings: CoinGeckoSettings, health: FeedHealthBoard, logger: Logger,
                            backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        let plan = FixedPollPlan(url: CoinGeckoDecoder.requestURL(base: feed.url, coins: settings.coins, quotes: settings.quotes),
                                 headers: CoinGeckoDecoder.headers(apiKey: settings.apiKey))
        return PollingFeed(config: feed, every: settings.every, plan: plan, health: health, logger: logger, backlog: backlog,
                           sink: sink)
    }

    /// The coin code and the currency the settings lack for `base.quote`.
    static func missingEntries(base: String, quote: String, _ settings: CoinGeckoSettings) -> [(value: String, key: String)] {
        var missing: [(value: String, key: String)] = []
        if !settings.coins.contains(where: { $0.code == base }) { missing.append((base, "coins")) }
        if !settings.quotes.contains(quote) { missing.append((quote, "vs")) }
        return missing
    }
}
