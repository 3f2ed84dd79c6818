import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

/// `feeds.coingecko`: its settings, their defaults, problems at their place, and its API key as
/// a secret that only commands connecting feeds need.
@Suite struct CoinGeckoConfigTests {
    /// Loads a config whose only feed is `{"coingecko": {<settings>}}` on line 2.
    static func load(_ settings: String, environment: [String: String] = [:],
                     secrets: SecretNeed = .all) throws -> (FeedConfig?, [String], Config?) {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try "{\"rules\": [], \"feeds\": {\"coingecko\":\n{\(settings)}\n}, \"channels\": {\"console\": {\"type\": \"log\"}}, \"defaults\": {\"channels\": [\"console\"]}}"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment(environment), logger: Logger(sink: { _ in }),
                                       log: log, secrets: secrets)
        return (config?.feed(.coingecko), log.diagnostics.map { "\($0.line - 1):\($0.column): \($0.message)" }, config)
    }

    @Test func theContractsExampleReadsAsWritten() throws {
        let (feed, problems, config) = try Self.load(#""url": "https://api.coingecko.com/api/v3", "coins": {"sol": "solana", "eth": "ethereum"}, "vs": ["usd", "eur"], "every": "1m", "api_key": "${COINGECKO_KEY}""#,
                                                     environment: ["COINGECKO_KEY": "CG-demo-key-123"])
        #expect(problems == [])
        #expect(feed?.coinGecko.coins == [CoinID(code: "eth", id: "ethereum"), CoinID(code: "sol", id: "solana")])
        #expect(feed?.coinGecko.quotes == ["usd", "eur"])
        #expect(feed?.coinGecko.every == .minutes(1) && feed?.staleAfter == .minutes(3))
        #expect(feed?.coinGecko.apiKey == "CG-demo-key-123")
        #expect(feed?.priceMetrics == ["eth.usd", "eth.eur", "sol.usd", "sol.eur"])
        #expect(config?.redactor.redact("key=CG-demo-key-123") == "key=***")
    }

    /// A key written into the config is as secret as one from the environment.
    @Test func aLiteralKeyIsASecretToo() throws {
        let (feed, problems, config) = try Self.load(#""api_key": "CG-literal-key""#)
        #expect(problems == [] && feed?.coinGecko.apiKey == "CG-literal-key")
        #expect(config?.redactor.redact("x-cg-demo-api-key: CG-literal-key") == "x-cg-demo-api-key: ***")
    }

    @Test func defaultsAreBitcoinInDollarsEveryMinuteWithoutAKey() throws {
        let (feed, problems, _) = try Self.load("")
        #expect(problems == [])
        #expect(feed?.coinGecko.coins == [CoinID(code: "btc", id: "bitcoin")] && feed?.coinGecko.quotes == ["usd"])
        #expect(feed?.url == "https://api.coingecko.com/api/v3" && feed?.coinGecko.every == .minutes(1) && feed?.coinGecko.apiKey == nil)
        #expect(feed?.priceMetrics == ["btc.usd"])
        let (empty, emptyProblems, _) = try Self.load(#""api_key": """#)
        #expect(emptyProblems == [] && empty?.coinGecko.apiKey == nil)
    }

    /// (settings, problems as line:column: message).
    @Test(arguments: [
        (#""every": "10s""#, [#"1:11: "every" must be at least 30s"#]),
        (#""every": "30s""#, []),
        (#""coins": {}"#, [#"1:11: "coins" must name at least one coin"#]),
        (#""coins": ["eth"]"#, ["1:11: expected an object, found an array"]),
        (#""coins": {"ETH": "ethereum", "e": "x", "fee": "fee-coin", "sol": "Solana"}"#,
         [#"1:12: coin code "ETH" must be lowercase ("eth")"#,
          #"1:31: invalid coin code "e" (2 to 10 lowercase letters or digits, e.g. "eth")"#,
          #"1:41: "fee" cannot be a coin code: fee.usd would not be a price"#,
          #"1:67: invalid CoinGecko id "Solana" (lowercase letters, digits, "-", "_" and ".", as in the coin's CoinGecko page address, e.g. "ethereum")"#]),
        (#""coins": {"eth": "ethereum", "weth": "ethereum", "usdc": "usd-coin"}"#, [#"1:39: "ethereum" is already the id of "eth""#]),
        (#""coins": {"eth": 1}"#, ["1:19: expected a string, found a number"]),
        (#""coins": {"eth": "ethereum", "eth": "ethereum"}"#, [#"1:31: duplicate key "eth""#]),
        (#""vs": []"#, [#"1:8: "vs" must list at least one currency"#]),
        (#""vs": ["usd", "EUR", "u", "usd", "us dollar"]"#,
         [#"1:16: currency "EUR" must be lowercase ("eur")"#, #"1:23: invalid currency "u" (2 to 10 lowercase letters or digits, e.g. "usd")"#,
          #"1:28: "usd" is listed twice"#, #"1:35: invalid currency "us dollar" (2 to 10 lowercase letters or digits, e.g. "usd")"#]),
        (#""url": "wss://api.coingecko.com""#, [#"1:9: expected a http:// or https:// URL, found "wss://api.coingecko.com""#]),
        (#""symbols": ["ETH/USD"]"#, [#"1:2: unknown key "symbols""#]),
    ] as [(String, [String])])
    func problemsAreReportedAtTheirPlace(_ settings: String, _ expected: [String]) throws {
        let problems = try Self.load(settings).1
        #expect(problems == expected)
    }

    /// `status`, `replay`, `retry`, `purge` and `notify` connect no feed: an unset key is no
    /// problem for them (the feed loads without it); `run`, `check` and `record` need it.
    @Test(arguments: [(SecretNeed.none, false), (.channel("console"), false), (.feeds, true), (.all, true)])
    func theKeyIsNeededOnlyToConnect(_ need: SecretNeed, _ needed: Bool) throws {
        let (feed, problems, _) = try Self.load(#""coins": {"eth": "ethereum"}, "api_key": "${COINGECKO_KEY}""#, secrets: need)
        #expect(problems == (needed ? ["1:44: environment variable COINGECKO_KEY is not set"] : []))
        #expect(feed?.coinGecko.coins == [CoinID(code: "eth", id: "ethereum")] && feed?.coinGecko.apiKey == nil)
    }

    /// `check` names what is missing for a price the feed could publish.
    @Test func checkSaysWhichCoinOrCurrencyToAdd() throws {
        let feeds = [FeedConfig(kind: .coingecko)].map { feed -> FeedConfig in
            var feed = feed
            feed.settings = CoinGeckoSettings(coins: [CoinID(code: "eth", id: "ethereum")], quotes: ["usd"])
            return feed
        }
        #expect(RuleParser.publishHint(base: "sol", quote: "eur", sources: [.coingecko], feeds: feeds)
                == #"add "sol" to coingecko "coins" and "eur" to its "vs""#)
        #expect(RuleParser.publishHint(base: "eth", quote: "eur", sources: [.coingecko], feeds: feeds)
                == #"add "eur" to coingecko "vs""#)
        #expect(RuleParser.publishHint(base: "sol", quote: "usd", sources: [.coingecko], feeds: [])
                == #"enable "coingecko" under "feeds" with "sol" in its "coins""#)
        #expect(RuleParser.publishHint(base: "btc", quote: "usd", sources: [.mempool, .coingecko], feeds: [])
                == #"enable "mempool" or "coingecko" under "feeds""#)
    }

    /// A rule pinned to CoinGecko on a price it is not configured for would never fire: `check`
    /// says so, and what to add.
    @Test func aPinnedRuleOnAnUnconfiguredPriceIsReported() throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("satwatch.json").path
        try #"{"rules": ["r.json"], "feeds": {"coingecko": {"coins": {"eth": "ethereum"}}, "coinbase": {"products": ["SOL-EUR"]}}, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        try #"{"rules": [{"name": "s", "metric": "sol.eur", "source": "coingecko", "above": 1}, {"name": "e", "metric": "eth.usd", "source": "coingecko", "above": 1}]}"#
            .write(to: folder.appendingPathComponent("r.json"), atomically: true, encoding: .utf8)
        let (_, problems) = Setup.load(path: path, environment: [:], logger: Logger(sink: { _ in }))
        #expect(problems.map(\.message) == [#"feed "coingecko" is not configured to publish "sol.eur" (add "sol" to its "coins" and "eur" to its "vs")"#])
    }
}

extension FeedConfig {
    /// The CoinGecko feed's own settings, which only its definition reads in the worker.
    fileprivate var coinGecko: CoinGeckoSettings { settings(CoinGeckoSettings.self) }
}
