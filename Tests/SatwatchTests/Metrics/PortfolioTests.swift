import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// `portfolios` in the config: each publishes `portfolio.<name>` = Σ holding × price, stale while
/// any of its prices is, and rules read it like any metric.
@Suite struct PortfolioTests {
    static func load(_ portfolios: String, feeds: String = #"{"coinbase": {"products": ["BTC-USD", "ETH-USD"]}}"#) throws
        -> (config: Config?, problems: [String]) {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("satwatch.json").path
        let text = #"{"state": "s.db", "feeds": \#(feeds), "channels": {"c": {"type": "log"}}, "defaults": {"channels": ["c"]}, "portfolios": \#(portfolios)}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        return (config, log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" })
    }

    @Test func aPortfolioIsTheSumOfItsHoldingsAndStaleWhileAnyPriceIs() throws {
        let config = try #require(Self.load(#"{"main": {"currency": "usd", "holdings": {"btc": 0.5, "eth": 2}}}"#).config)
        #expect(config.derived.map(\.name) == ["portfolio.main"])
        let rule = Rule(name: "rich", condition: .above(60_000, metric: "portfolio.main"))
        var engine = RuleEngine(rules: [rule], derived: config.derived, defaultChannels: ["c"])
        let at = { (second: Int64) in Timestamp(milliseconds: 1_765_375_320_000 + second * 1000) }
        #expect(engine.ingest(Sample(metric: "btc.usd", value: 100_000, at: at(0), source: "coinbase")).isEmpty)
        #expect(engine.takeDerivedSamples().isEmpty, "no value while eth.usd is unknown")
        let fired = engine.ingest(Sample(metric: "eth.usd", value: 6_000, at: at(1), source: "coinbase"))
        #expect(engine.takeDerivedSamples().map(\.value) == [62_000])
        #expect(fired.compactMap(\.notification).map(\.message) == ["portfolio.main is 62,000, above 60,000"])
        // The notification names what the portfolio was computed from, not only its total.
        #expect(fired.compactMap(\.notification).first?.values.map { "\($0.name) = \(DisplayNumber.format($0.value))" }
                == ["portfolio.main = 62000", "0.5 * btc.usd + 2.0 * eth.usd = 62000", "btc.usd = 100000", "eth.usd = 6000"])
        engine.setFeed("coinbase", stale: true)
        #expect(engine.ingest(Sample(metric: "btc.usd", value: 1, at: at(2), source: "kraken")).isEmpty,
                "stale: eth.usd is unknown, so the portfolio is, and the rule keeps firing")
        #expect(engine.states[0].status == .firing)
    }

    /// Cash in the portfolio's own currency counts at 1 per unit, with no price to wait for
    /// (it was refused as an "invalid asset").
    @Test func cashInThePortfoliosCurrencyAddsItsAmount() throws {
        let loaded = try Self.load(#"{"main": {"currency": "usd", "holdings": {"btc": 0.5, "usd": 500}}}"#)
        #expect(loaded.problems == [])
        let config = try #require(loaded.config)
        var engine = RuleEngine(rules: [], derived: config.derived, defaultChannels: ["c"])
        _ = engine.ingest(Sample(metric: "btc.usd", value: 100_000, at: Timestamp(milliseconds: 1_765_375_320_000), source: "coinbase"))
        #expect(engine.takeDerivedSamples().map(\.value) == [50_500])
    }

    @Test(arguments: [
        (#"{"p": {"currency": "usd", "holdings": {"usd": 500}}}"#,
         ["1:201: a portfolio needs a holding other than cash in \"usd\" (cash alone never changes)"]),
        (#"{"p": {"currency": "usd", "holdings": {"BTC": 1, "fee": 2}}}"#,
         ["1:202: invalid asset \"BTC\" (a lowercase code such as \"btc\", or \"usd\" for cash)",
          "1:212: invalid asset \"fee\" (a lowercase code such as \"btc\", or \"usd\" for cash)"]),
        (#"{"Main": {"currency": "usd", "holdings": {"btc": 1}}}"#, ["1:164: invalid portfolio name \"Main\" (lowercase letters, digits and _, e.g. \"main\")"]),
        (#"{"p": {"currency": "USD", "holdings": {"btc": 1}}}"#, ["1:182: invalid currency \"USD\" (a lowercase code such as \"usd\")"]),
        (#"{"p": {"currency": "usd", "holdings": {"btc": -1, "eth": 0}}}"#,
         ["1:209: holding of \"btc\" must be a positive amount", "1:220: holding of \"eth\" must be a positive amount"]),
        (#"{"p": {"currency": "usd", "holdings": {"sol": 3}}}"#,
         ["1:202: no enabled feed publishes \"sol.usd\" (add \"SOL-USD\" to coinbase \"products\")"]),
        (#"{"p": {"currency": "usd", "holdings": {}}}"#, ["1:201: a portfolio needs at least one holding"]),
    ] as [(String, [String])])
    func problemsAreReportedAtTheirPlace(_ portfolios: String, _ problems: [String]) throws {
        let found = try Self.load(portfolios).problems
        #expect(found == problems)
    }
}
