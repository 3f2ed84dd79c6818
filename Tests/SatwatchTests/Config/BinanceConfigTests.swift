import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

/// `feeds.binance`: symbols split against Binance's quote assets, the defaults, the connect URL
/// and wire, and what `check` says about bad settings.
@Suite struct BinanceConfigTests {
    @Test(arguments: [
        ("BTCUSDT", "btc.usdt"), ("ETHUSDT", "eth.usdt"), ("ETHBTC", "eth.btc"), ("SOLEUR", "sol.eur"),
        ("BTCFDUSD", "btc.fdusd"), ("BTCTUSD", "btc.tusd"), ("ETHUSDC", "eth.usdc"), ("USDCUSDT", "usdc.usdt"),
        ("BNBTRY", "bnb.try"), ("ADAEUR", "ada.eur"), ("WBETHETH", "wbeth.eth"), ("1000SATSUSDT", "1000sats.usdt"),
        ("BTCBRL", "btc.brl"), ("BTCJPY", "btc.jpy"), ("ETHGBP", "eth.gbp"), ("BTCAUD", "btc.aud"),
        ("BTCDAI", "btc.dai"), ("XRPBNB", "xrp.bnb"), ("SHIBDOGE", "shib.doge"), ("EURUSDT", "eur.usdt"),
    ])
    func symbolPublishes(symbol: String, metric: String) throws {
        let pair = try #require(TradingPair(symbol, feed: .binance))
        #expect(pair.metric == metric && pair.symbol == symbol)
        #expect(TradingPair.problem(symbol, feed: .binance) == nil)
    }

    @Test(arguments: [
        ("btcusdt", #"invalid symbol "btcusdt" (did you mean "BTCUSDT"?)"#),
        ("BTC-USDT", #"invalid symbol "BTC-USDT" (did you mean "BTCUSDT"?)"#),
        ("ETH/BTC", #"invalid symbol "ETH/BTC" (did you mean "ETHBTC"?)"#),
        ("BTCUSD", #"invalid symbol "BTCUSD" (write ASSETQUOTE in capitals, e.g. "BTCUSDT")"#),
        ("USDT", #"invalid symbol "USDT" (write ASSETQUOTE in capitals, e.g. "BTCUSDT")"#),
        ("BTCBTC", #"invalid symbol "BTCBTC": it prices an asset in itself"#),
    ])
    func symbolIsRefused(symbol: String, problem: String) {
        #expect(TradingPair(symbol, feed: .binance) == nil)
        #expect(TradingPair.problem(symbol, feed: .binance) == problem)
    }

    /// Longest first is what makes `BTCFDUSD` `fdusd` rather than a miss, and no listed quote is
    /// another one with letters in front (which would steal pairs from it).
    @Test func quoteAssetsAreLongestFirstAndUnambiguous() {
        let quotes = BinanceDecoder.quoteAssets
        #expect(quotes.map(\.count) == quotes.map(\.count).sorted(by: >))
        #expect(Set(quotes).count == quotes.count)
        for long in quotes { #expect(!quotes.contains { $0 != long && long.hasSuffix($0) }, "\(long)") }
        for required in ["USDT", "USDC", "FDUSD", "TUSD", "BUSD", "BTC", "ETH", "BNB", "EUR", "GBP", "TRY", "BRL", "JPY", "AUD", "DAI"] {
            #expect(quotes.contains(required), "\(required)")
        }
    }

    @Test func defaultsAndWire() {
        let feed = FeedConfig(kind: .binance)
        #expect(feed.url == "wss://stream.binance.com:9443/stream")
        #expect(feed.settings(PairSettings.self).pairs.map(\.symbol) == ["BTCUSDT"] && feed.priceMetrics == ["btc.usdt"])
        #expect(feed.staleAfter == .seconds(60))
        let wire = FeedWire(feed)
        #expect(wire.url == "wss://stream.binance.com:9443/stream?streams=btcusdt@trade")
        #expect(wire.openingMessages([]).isEmpty)
        #expect(wire.ping == BinanceDecoder.pingMessage && wire.quietBeforePing == .seconds(30) && wire.pongTimeout == .seconds(10))
        #expect(wire.maxConnectionAge == .hours(23))
        #expect(wire.isPong(#"{"result":["btcusdt@trade"],"id":2}"#))
        // A short stale_after pings sooner.
        #expect(FeedWire(FeedConfig(kind: .binance, staleAfter: .seconds(5))).quietBeforePing == .seconds(5))
    }

    @Test func publishesOnlyInItsQuoteAssets() {
        #expect(MetricCatalog.descriptor(for: "eth.usdt")?.sources.contains(.binance) == true)
        #expect(MetricCatalog.descriptor(for: "sol.fdusd")?.sources.contains(.binance) == true)
        #expect(MetricCatalog.descriptor(for: "btc.usd")?.sources.contains(.binance) == false)
    }

    @Test(arguments: [
        (#"{}"#, ["btc.usdt"], []),
        (#"{"symbols": ["ETHUSDT", "BTCUSDT", "ETHBTC"], "stale_after": "2m"}"#, ["eth.usdt", "btc.usdt", "eth.btc"], []),
        (#"{"symbols": ["BTCUSDT", "btcusdt", "BTCUSD"]}"#, ["btc.usdt"],
         [#"1:61: invalid symbol "btcusdt" (did you mean "BTCUSDT"?)"#, #"1:72: invalid symbol "BTCUSD" (write ASSETQUOTE in capitals, e.g. "BTCUSDT")"#]),
        (#"{"url": "wss://stream.binance.com:9443/stream?streams=btcusdt@trade"}"#, ["btc.usdt"],
         [#"1:45: "url" must not name streams: they are built from "symbols""#]),
        (#"{"url": "https://api.binance.com"}"#, ["btc.usdt"], [#"1:45: expected a ws:// or wss:// URL, found "https://api.binance.com""#]),
        (#"{"symbols": []}"#, ["btc.usdt"], [#"1:49: "symbols" must list at least one entry"#]),
    ] as [(String, [String], [String])])
    func settingsAreReadAndChecked(_ settings: String, _ metrics: [String], _ problems: [String]) throws {
        let (feed, diagnostics) = try Self.load(settings)
        #expect(feed?.priceMetrics == metrics)
        #expect(diagnostics == problems)
        #expect(feed?.staleAfter == (settings.contains("stale_after") ? .minutes(2) : .seconds(60)))
    }

    @Test func moreSymbolsThanOneConnectionCarriesAreRefused() throws {
        let symbols = (0..<1025).map { "\"A\($0)USDT\"" }.joined(separator: ", ")
        let (_, diagnostics) = try Self.load("{\"symbols\": [\(symbols)]}")
        #expect(diagnostics.count == 1 && diagnostics[0].hasSuffix(#""symbols" lists 1025"#))
    }

    /// The binance feed's config and `line:column: message` for each problem, line 1 being the
    /// feed's settings.
    static func load(_ settings: String) throws -> (FeedConfig?, [String]) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \"feeds\": {\"binance\":\n\(String(repeating: " ", count: 36))\(settings)\n}, \"channels\": {\"console\": {\"type\": \"log\"}}, \"defaults\": {\"channels\": [\"console\"]}}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        return (config?.feeds.first, log.diagnostics.map { "\($0.line - 1):\($0.column): \($0.message)" })
    }
}
