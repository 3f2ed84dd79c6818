@testable import SatwatchFeeds
import Testing

/// The one reading of Coinbase `products` and Kraken `symbols`: what each publishes, and what
/// `check` says about a pair it refuses.
@Suite struct TradingPairTests {
    @Test(arguments: [
        ("BTC-USD", FeedKind.coinbase, "btc.usd"), ("ETH-USD", .coinbase, "eth.usd"), ("BTC-USDT", .coinbase, "btc.usdt"),
        ("ETH-BTC", .coinbase, "eth.btc"), ("1INCH-EUR", .coinbase, "1inch.eur"),
        ("BTC/USD", .kraken, "btc.usd"), ("XBT/EUR", .kraken, "btc.eur"), ("ETH/EUR", .kraken, "eth.eur"),
        ("ETH/XBT", .kraken, "eth.btc"),
    ])
    func publishes(symbol: String, feed: FeedKind, metric: String) throws {
        let pair = try #require(TradingPair(symbol, feed: feed))
        #expect(pair.metric == metric)
        #expect(pair.symbol == symbol)
        #expect(TradingPair.problem(symbol, feed: feed) == nil)
    }

    @Test(arguments: [
        ("btc-eur", FeedKind.coinbase, #"invalid product "btc-eur" (did you mean "BTC-EUR"?)"#),
        ("XBT-USD", .coinbase, #"invalid product "XBT-USD" (did you mean "BTC-USD"?)"#),
        ("ETH/USD", .coinbase, #"invalid product "ETH/USD" (did you mean "ETH-USD"?)"#),
        ("BTCUSD", .coinbase, #"invalid product "BTCUSD" (did you mean "BTC-USD"?)"#),
        ("BTC-BTC", .coinbase, #"invalid product "BTC-BTC": it prices an asset in itself"#),
        ("BTC", .coinbase, #"invalid product "BTC" (write ASSET-QUOTE in capitals, e.g. "BTC-USD")"#),
        ("xbt/usd", .kraken, #"invalid symbol "xbt/usd" (did you mean "XBT/USD"?)"#),
        ("BTC-EUR", .kraken, #"invalid symbol "BTC-EUR" (did you mean "BTC/EUR"?)"#),
        ("XBT/BTC", .kraken, #"invalid symbol "XBT/BTC": it prices an asset in itself"#),
        ("BTC/", .kraken, #"invalid symbol "BTC/" (write ASSET/QUOTE in capitals, e.g. "BTC/USD")"#),
    ])
    func refuses(symbol: String, feed: FeedKind, problem: String) {
        #expect(TradingPair(symbol, feed: feed) == nil)
        #expect(TradingPair.problem(symbol, feed: feed) == problem)
    }
}
