@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The Coinbase decoder on fixtures/coinbase-ticker.jsonl and hand-made frames.
@Suite struct CoinbaseDecoderTests {
    @Test func fixtureGivesPricesAndHeartbeats() throws {
        let frames = try Fixtures.frames("coinbase-ticker.jsonl")
        let offsets = try Fixtures.offsets("coinbase-ticker.offsets")
        #expect(frames.count == 246 && offsets.count == 246)
        var decoder = CoinbaseDecoder(products: Self.pairs("BTC-USD"))
        var prices: [Sample] = []
        var liveness = 0
        for (frame, offset) in zip(frames, offsets) {
            switch decoder.decode(frame, at: Fixtures.time(offset)) {
            case .samples(let samples): prices += samples
            case .liveness: liveness += 1
            case .skipped(let reason): Issue.record("skipped \(reason): \(frame)")
            }
        }
        #expect(prices.count == 185)
        #expect(liveness == 61)  // the `subscriptions` ack and 60 heartbeats
        #expect(prices.allSatisfy { $0.metric == "btc.usd" && $0.source == "coinbase" })
        #expect(prices.first == Sample(metric: "btc.usd", value: 92284.61, at: Fixtures.time(offsets[1]), source: "coinbase"))
        #expect(prices.last?.value == 92365.09)
        #expect(prices.last?.at == Fixtures.time(offsets[245]))
    }

    @Test func heartbeatsAreLiveness() throws {
        let heartbeats = try Fixtures.frames("coinbase-ticker.jsonl").filter { $0.contains(#""type":"heartbeat""#) }
        #expect(heartbeats.count == 60)
        var decoder = CoinbaseDecoder(products: Self.pairs("BTC-USD"))
        #expect(heartbeats.allSatisfy { decoder.decode($0, at: Fixtures.time()) == .liveness })
    }

    static func pairs(_ symbols: String...) -> [TradingPair] { symbols.map { TradingPair($0, feed: .coinbase)! } }

    /// (frame, outcome) with products BTC-USD, BTC-EUR and ETH-USD.
    @Test(arguments: [
        (#"{"type":"ticker","product_id":"BTC-EUR","price":"79384.5"}"#,
         FrameOutcome.samples([Sample(metric: "btc.eur", value: 79384.5, at: Fixtures.time(), source: "coinbase")])),
        (#"{"type":"ticker","product_id":"ETH-USD","price":"3100.1"}"#,
         .samples([Sample(metric: "eth.usd", value: 3100.1, at: Fixtures.time(), source: "coinbase")])),
        (#"{"type":"ticker","product_id":"SOL-EUR","price":"150"}"#, .samples([])),
        (#"{"type":"ticker","product_id":"BTC-USD","price":92284.61}"#,
         .samples([Sample(metric: "btc.usd", value: 92284.61, at: Fixtures.time(), source: "coinbase")])),
        (#"{"type":"ticker","product_id":"BTC-USD","price":"abc"}"#, .skipped(.invalidValue)),
        (#"{"type":"ticker","product_id":"BTC-USD","price":"0"}"#, .skipped(.invalidValue)),
        (#"{"type":"ticker","product_id":"BTC-USD","price":"inf"}"#, .skipped(.invalidValue)),
        (#"{"type":"ticker","product_id":"BTC-USD"}"#, .skipped(.unexpectedShape)),
        (#"{"type":"ticker","price":"abc"}"#, .skipped(.unexpectedShape)),
        (#"{"type":"subscriptions","channels":[]}"#, .liveness),
        (#"{"type":"error","message":"Failed to subscribe","reason":"BTC-XYZ is not a valid product"}"#,
         .skipped(.serverError)),
        (#"{"type":"l2update","product_id":"BTC-USD"}"#, .skipped(.unknownMessage)),
        (#"{"type":7}"#, .skipped(.unexpectedShape)),
        (#"{"price":"1"}"#, .skipped(.unexpectedShape)),
    ])
    func frame(frame: String, outcome: FrameOutcome) {
        var decoder = CoinbaseDecoder(products: Self.pairs("BTC-USD", "BTC-EUR", "ETH-USD"))
        #expect(decoder.decode(frame, at: Fixtures.time()) == outcome)
    }

    /// (frame, what is said once about it) with products BTC-USD, SOL-GBP and BTC-USDT: the
    /// product the reason names, with the exchange's words; an error naming no configured
    /// product as a refused subscribe; nothing for data.
    @Test(arguments: [
        (#"{"type":"error","message":"Failed to subscribe","reason":"SOL-GBP is not a valid product"}"#,
         [FeedNotice("feed pair refused", [("pair", "SOL-GBP"), ("reason", "Failed to subscribe: SOL-GBP is not a valid product")], channel: "SOL-GBP")]),
        (#"{"type":"error","message":"Failed to subscribe","reason":"BTC-USDT is not a valid product"}"#,
         [FeedNotice("feed pair refused", [("pair", "BTC-USDT"), ("reason", "Failed to subscribe: BTC-USDT is not a valid product")], channel: "BTC-USDT")]),
        (#"{"type":"error","message":"Failed to subscribe","reason":"XRP-GBP is not a valid product"}"#,
         [FeedNotice("feed request refused", [("request", "subscribe"), ("error", "Failed to subscribe: XRP-GBP is not a valid product")])]),
        (#"{"type":"error","message":"Type has to be either subscribe or unsubscribe"}"#,
         [FeedNotice("feed request refused", [("request", "subscribe"), ("error", "Type has to be either subscribe or unsubscribe")])]),
        (#"{"type":"subscriptions","channels":[]}"#, []),
        (#"{"type":"ticker","product_id":"BTC-USD","price":"92284.61"}"#, []),
    ])
    func notices(frame: String, said: [FeedNotice]) {
        #expect(CoinbaseDecoder.notices(frame, products: ["BTC-USD", "SOL-GBP", "BTC-USDT"]) == said)
    }

    @Test(arguments: [
        (["BTC-USD"], #"{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}"#),
        (["BTC-USD", "BTC-EUR"],
         #"{"type":"subscribe","product_ids":["BTC-USD","BTC-EUR"],"channels":["ticker","heartbeat"]}"#),
    ])
    func subscribeMessage(products: [String], message: String) {
        #expect(CoinbaseDecoder.subscribeMessage(products: products.map { TradingPair($0, feed: .coinbase)! }) == message)
    }
}
