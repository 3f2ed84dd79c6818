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
        // Case is no typo: metric names are lowercase.
        Case(feeds: coinbase, metric: "BTC.USD", problem: #"unknown metric "BTC.USD" (did you mean "btc.usd"?)"#),
        // A typo in capitals gets what the lowercase typo would: never the lowercase typo itself.
        Case(feeds: coinbase, metric: "BTC.USDD", problem: #"unknown metric "BTC.USDD" (did you mean "btc.usd"?)"#),
        Case(feeds: coinbase, metric: "ETH.USD", problem: #"unknown metric "ETH.USD" (did you mean "eth.usd"?)"#),
        Case(feeds: coinbase, metric: "FEES.ECONOMY", problem: #"unknown metric "FEES.ECONOMY" (did you mean "fee.economy"?)"#),
        Case(feeds: kraken, metric: "Fee.Economy", problem: #"unknown metric "Fee.Economy" (did you mean "fee.economy"?)"#),
        // A near miss of a catalog name that looks like a price: the name, not a pair to add.
        Case(feeds: coinbase, metric: "fees.economy", problem: #"unknown metric "fees.economy" (did you mean "fee.economy"?)"#),
        Case(feeds: kraken, metric: "mempool.countt", problem: #"unknown metric "mempool.countt" (did you mean "mempool.count"?)"#),
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

    /// A watched address refused for its own problem: a rule on its metrics gets no second
    /// problem saying nothing publishes them; an address not listed at all still does.
    @Test func aRefusedAddressIsExplainedOnce() throws {
        let feeds = #"{"mempool": {"watch": {"addresses": {"shop": "bc1qnotanaddress"}, "transactions": {"rent": "abc"}}}}"#
        let (loaded, problems) = try Self.config(feeds: feeds)
        let config = try #require(loaded)
        #expect(problems.count == 2)
        let context = RuleLoader.Context(config: config)
        #expect(context.metricProblem("address.shop.unconfirmed", pinned: false) == nil)
        #expect(context.metricProblem("tx.rent.confirmations", pinned: false) == nil)
        #expect(context.metricProblem("address.cold.balance", pinned: false)
                == #"no enabled feed publishes "address.cold.balance" (add "cold" to the mempool feed's "watch" "addresses")"#)
    }
}
