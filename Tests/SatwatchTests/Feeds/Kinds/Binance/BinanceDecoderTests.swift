@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The Binance trade decoder on fixtures/binance-trades.jsonl and hand-made frames.
@Suite struct BinanceDecoderTests {
    @Test func fixtureGivesTradePricesForBothSymbols() throws {
        let frames = try Fixtures.frames("binance-trades.jsonl")
        let offsets = try Fixtures.offsets("binance-trades.offsets")
        #expect(frames.count == 200 && offsets.count == 200)
        var decoder = BinanceDecoder(symbols: Self.pairs(["BTCUSDT", "ETHUSDT"]))
        var prices: [Sample] = []
        var liveness = 0
        for (frame, offset) in zip(frames, offsets) {
            switch decoder.decode(frame, at: Fixtures.time(offset)) {
            case .samples(let samples): prices += samples
            case .liveness: liveness += 1
            case .skipped(let reason): Issue.record("skipped \(reason): \(frame)")
            }
        }
        let btc = prices.filter { $0.metric == "btc.usdt" }, eth = prices.filter { $0.metric == "eth.usdt" }
        #expect(btc.count == 148 && eth.count == 51)
        #expect(liveness == 1)  // the answer to LIST_SUBSCRIPTIONS
        #expect(prices.allSatisfy { $0.source == "binance" })
        #expect(btc.first?.value == 92272 && btc.last?.value == 92292.69)
        #expect(eth.first?.value == 3318.4 && eth.map(\.value).max() == 3333.05)
        #expect(prices.last?.at == Fixtures.time(offsets.last!))
    }

    @Test func onlyConfiguredSymbolsPublish() throws {
        var decoder = BinanceDecoder(symbols: Self.pairs(["ETHUSDT"]))
        let metrics = try Fixtures.frames("binance-trades.jsonl").flatMap { decoder.decode($0, at: Fixtures.time()).samples ?? [] }.map(\.metric)
        #expect(metrics == Array(repeating: "eth.usdt", count: 51))
    }

    @Test func pongIsDetectedOnlyOnThePong() throws {
        let frames = try Fixtures.frames("binance-trades.jsonl")
        #expect(frames.indices.filter { BinanceDecoder.isPong(frames[$0]) } == [151])
        #expect(!BinanceDecoder.isPong(#"{"result":null,"id":1}"#))  // a SUBSCRIBE answer, not ours
        #expect(!BinanceDecoder.isPong(#"{"result":"#))
    }

    static func pairs(_ symbols: [String]) -> [TradingPair] { symbols.map { TradingPair($0, feed: .binance)! } }

    static let trade = #""e":"trade","E":1765375320622,"s":"BTCUSDT","t":5642187302,"q":"0.00100000","T":1765375320622,"m":true,"M":true"#

    static func sample(_ metric: String, _ value: Double) -> FrameOutcome {
        .samples([Sample(metric: metric, value: value, at: Fixtures.time(), source: "binance")])
    }

    /// (configured symbols, frame, outcome).
    @Test(arguments: [
        (["BTCUSDT"], #"{"stream":"btcusdt@trade","data":{"# + trade + #","p":"92272.32000000"}}"#, sample("btc.usdt", 92272.32)),
        (["BTCUSDT"], #"{"# + trade + #","p":"92272.32"}"#, sample("btc.usdt", 92272.32)),  // raw single stream
        (["ETHBTC"], #"{"e":"trade","s":"ETHBTC","p":"0.03601000"}"#, sample("eth.btc", 0.03601)),
        (["SOLEUR"], #"{"stream":"soleur@aggTrade","data":{"e":"aggTrade","s":"SOLEUR","p":"118.52"}}"#, sample("sol.eur", 118.52)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":92272.5}"#, sample("btc.usdt", 92272.5)),
        (["BTCUSDT"], #"{"e":"trade","s":"ETHUSDT","p":"3318.40"}"#, .samples([])),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":"0.00000000"}"#, .skipped(.invalidValue)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":"-1"}"#, .skipped(.invalidValue)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":"1e999"}"#, .skipped(.invalidValue)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":"NaN"}"#, .skipped(.invalidValue)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":true}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT"}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"e":"trade","p":"1"}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"e":"trade","s":7,"p":"1"}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"e":7}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"stream":"btcusdt@trade","data":[1,2]}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"stream":"btcusdt@trade","data":null}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"stream":"btcusdt@depth","data":{"e":"depthUpdate","s":"BTCUSDT"}}"#, .skipped(.unknownMessage)),
        (["BTCUSDT"], #"{"e":"kline","s":"BTCUSDT"}"#, .skipped(.unknownMessage)),
        (["BTCUSDT"], #"{"result":null,"id":1}"#, .liveness),
        (["BTCUSDT"], #"{"result":["btcusdt@trade"],"id":2}"#, .liveness),
        (["BTCUSDT"], #"{"code":2,"msg":"Invalid request: unknown variant","id":1}"#, .skipped(.serverError)),
        (["BTCUSDT"], #"{"error":{"code":2,"msg":"Invalid request"},"id":1}"#, .skipped(.serverError)),
        (["BTCUSDT"], #"{"stream":"btcusdt@trade"}"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"[{"e":"trade"}]"#, .skipped(.unexpectedShape)),
        (["BTCUSDT"], #"{"e":"trade","s":"BTCUSDT","p":"1""#, .skipped(.invalidJSON)),
    ])
    func frame(symbols: [String], frame: String, outcome: FrameOutcome) {
        var decoder = BinanceDecoder(symbols: Self.pairs(symbols))
        #expect(decoder.decode(frame, at: Fixtures.time()) == outcome)
        #expect(decoder.rejectedFields == 0)
    }

    @Test func clientMessages() {
        #expect(BinanceDecoder.streamsURL("wss://stream.binance.com:9443/stream", symbols: Self.pairs(["BTCUSDT", "ETHBTC"]))
            == "wss://stream.binance.com:9443/stream?streams=btcusdt@trade/ethbtc@trade")
        #expect(BinanceDecoder.streamsURL("ws://127.0.0.1:9/stream?timeUnit=MICROSECOND", symbols: Self.pairs(["SOLEUR"]))
            == "ws://127.0.0.1:9/stream?timeUnit=MICROSECOND&streams=soleur@trade")
        #expect(BinanceDecoder.pingMessage == #"{"method":"LIST_SUBSCRIPTIONS","id":2}"#)
    }
}
