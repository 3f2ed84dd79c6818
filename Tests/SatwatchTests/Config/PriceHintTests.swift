import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// What `check` says about a price no enabled feed publishes: the pair to add when the price's
/// codes are known (configured elsewhere, or common), a "did you mean" only for a likely typo.
@Suite struct PriceHintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var feeds: String
        var metric: String
        var problem: String?
        var testDescription: String { "\(metric) with \(feeds)" }
    }

    static let coinbase = #"{"coinbase": {"products": ["BTC-USD"]}}"#
    static let kraken = #"{"mempool": {}, "kraken": {"symbols": ["BTC/USD", "ETH/EUR"]}}"#

    static let cases: [Case] = [
        // The README's reference config and its ETH rule: a pair to add, not "btc.usd".
        Case(feeds: coinbase, metric: "eth.usd", problem: #"no enabled feed publishes "eth.usd" (add "ETH-USD" to coinbase "products")"#),
        // ETH is known (in ETH/EUR), GBP too (mempool's btc.gbp): not "btc.gbp".
        Case(feeds: kraken, metric: "eth.gbp", problem: #"no enabled feed publishes "eth.gbp" (add "ETH/GBP" to kraken "symbols")"#),
        // A quote that is a real stablecoin, not a typo of usd.
        Case(feeds: coinbase, metric: "btc.usdt", problem: #"no enabled feed publishes "btc.usdt" (add "BTC-USDT" to coinbase "products")"#),
        // Typos stay typos: an unknown code next to a configured price.
        Case(feeds: kraken, metric: "btc.eru", problem: #"unknown metric "btc.eru" (did you mean "btc.eur"?)"#),
        Case(feeds: coinbase, metric: "btc.usdd", problem: #"unknown metric "btc.usdd" (did you mean "btc.usd"?)"#),
        Case(feeds: kraken, metric: "eht.eur", problem: #"unknown metric "eht.eur" (did you mean "eth.eur"?)"#),
        Case(feeds: kraken, metric: "eth.eur", problem: nil),
    ]

    static func config(feeds: String, extra: String = "") throws -> (Config?, [String]) {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("satwatch.json").path
        let text = #"{"state": "s.db", "feeds": \#(feeds), "channels": {"c": {"type": "log"}}, "defaults": {"channels": ["c"]}\#(extra)}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        return (config, log.diagnostics.map(\.message))
    }

    @Test(arguments: cases)
    func aRuleOnAPriceNotConfigured(_ example: Case) throws {
        let (loaded, problems) = try Self.config(feeds: example.feeds)
        let config = try #require(loaded)
        #expect(problems.isEmpty)
        #expect(RuleLoader.Context(config: config).metricProblem(example.metric, pinned: false) == example.problem)
    }

    /// A portfolio's holding is a price like any other.
    @Test func aPortfolioInACurrencyNotConfigured() throws {
        let (_, problems) = try Self.config(feeds: Self.kraken, extra: #", "portfolios": {"main": {"currency": "gbp", "holdings": {"btc": 1, "eth": 2}}}"#)
        #expect(problems == [#"no enabled feed publishes "eth.gbp" (add "ETH/GBP" to kraken "symbols")"#])
    }
}
