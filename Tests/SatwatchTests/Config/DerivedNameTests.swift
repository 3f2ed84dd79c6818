import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// The names `derived` takes: any new lowercase dotted name, refused only where it would shadow
/// what a feed publishes or could publish (a catalog metric, a configured pair, a price of known
/// codes), with a hint that is itself a name `derived` takes.
@Suite struct DerivedNameTests {
    /// The messages of the problems of a config with `name` as its one derived metric.
    static func problems(_ name: String, feeds: String = #"{"coinbase": {"products": ["BTC-USD"]}}"#) throws -> [String] {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("satwatch.json").path
        let text = #"{"state": "s.db", "feeds": \#(feeds), "channels": {"c": {"type": "log"}}, "defaults": {"channels": ["c"]}, "derived": {"\#(name)": "btc.usd * 2"}}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let log = DiagnosticLog()
        _ = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(sink: { _ in }), log: log)
        return log.diagnostics.map(\.message)
    }

    /// Two codes that read like a price but that no feed publishes and nobody trades are a name
    /// of one's own (`my.avg` was refused as a price, with the hint "my.my.avg").
    @Test(arguments: ["my.avg", "fee.usd", "btc.usd.sma", "my.btc.usd", "avg.btc", "btc.avg", "ratio", "x2.y2", "stack.sats"])
    func aNameNoFeedPublishesIsAccepted(_ name: String) throws {
        #expect(try Self.problems(name) == [])
    }

    @Test(arguments: [
        // Configured, or of known codes (a pair a feed can be told to publish).
        ("btc.usd", "my.btc.usd", nil), ("eth.eur", "my.eth.eur", nil), ("sol.usdt", "my.sol.usdt", nil),
        ("my.avg", "my.avg.mine", #"{"coinbase": {"products": ["BTC-USD", "MY-AVG"]}}"#),
        // Fixed, watch and family metrics.
        ("fee.fastest", "my.fee.fastest", nil), ("dvol.btc", "my.dvol.btc", nil),
        ("address.shop.balance", "my.address.shop.balance", nil),
    ] as [(String, String, String?)])
    func aNameAFeedPublishesIsRefusedWithANameOfItsOwn(_ name: String, _ hint: String, _ feeds: String?) throws {
        let problems = try feeds.map { try Self.problems(name, feeds: $0) } ?? Self.problems(name)
        #expect(problems == ["\"\(name)\" is a metric of the catalog; a derived metric needs a name of its own (e.g. \"\(hint)\")"])
        #expect(try Self.problems(hint) == [], "the hint is a name derived takes")
    }
}
