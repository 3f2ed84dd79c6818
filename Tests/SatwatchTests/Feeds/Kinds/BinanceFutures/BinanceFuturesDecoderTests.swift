@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The Binance futures mark price decoder on fixtures/binance-futures-markprice.jsonl and
/// hand-made frames.
@Suite struct BinanceFuturesDecoderTests {
    @Test func fixtureGivesFundingInPercentAndMarkPrices() throws {
        let frames = try Fixtures.frames("binance-futures-markprice.jsonl")
        var decoder = BinanceFuturesDecoder(symbols: ["BTCUSDT", "ETHUSDT"])
        let samples = frames.flatMap { decoder.decode($0, at: Fixtures.time()).samples ?? [] }
        let series = Dictionary(grouping: samples, by: \.metric).mapValues { $0.map(\.value) }
        #expect(series.keys.sorted() == ["funding.btcusdt", "funding.ethusdt", "mark.btcusdt", "mark.ethusdt"])
        #expect(series["funding.btcusdt"]?.first == 0.01)
        #expect(series["funding.btcusdt"]?.firstIndex { $0 < 0 } == 23)
        #expect(series["mark.ethusdt"]?.last == 3324.49)
        #expect(samples.allSatisfy { $0.source == "binance_futures" })
    }

    static let event = #""e":"markPriceUpdate","E":1765375320000,"s":"BTCUSDT","i":"92301.52","P":"92305.9","T":1765382400000"#

    static func samples(_ pairs: [(String, Double)]) -> FrameOutcome {
        .samples(Fixtures.samples(pairs.map { (metric: $0.0, value: $0.1) }, at: Fixtures.time(), source: "binance_futures"))
    }

    /// (frame, outcome) with BTCUSDT configured.
    @Test(arguments: [
        (#"{"stream":"btcusdt@markPrice","data":{"# + event + #","p":"92310.1","r":"0.00010000"}}"#,
         samples([("funding.btcusdt", 0.01), ("mark.btcusdt", 92310.1)])),
        (#"{"# + event + #","p":"92310.1","r":"-0.00005"}"#, samples([("funding.btcusdt", -0.005), ("mark.btcusdt", 92310.1)])),
        (#"{"# + event + #","p":"92310.1","r":""}"#, samples([("mark.btcusdt", 92310.1)])),  // no funding (delivery contracts)
        (#"{"# + event + #","p":"0","r":"0.0001"}"#, samples([("funding.btcusdt", 0.01)])),
        (#"{"# + event + #","p":"x","r":"y"}"#, .skipped(.invalidValue)),
        (#"{"# + event + #"}"#, .skipped(.unexpectedShape)),
        (#"{"e":"markPriceUpdate","s":"ETHUSDT","p":"1","r":"0"}"#, .samples([])),
        (#"{"e":"markPriceUpdate","p":"1","r":"0"}"#, .skipped(.unexpectedShape)),
        (#"{"e":"forceOrder","s":"BTCUSDT"}"#, .skipped(.unknownMessage)),
        (#"{"stream":"btcusdt@markPrice","data":[]}"#, .skipped(.unexpectedShape)),
        (#"{"result":null,"id":1}"#, .liveness),
        (#"{"code":2,"msg":"Invalid request","id":1}"#, .skipped(.serverError)),
        (#"{"id":1}"#, .skipped(.unexpectedShape)),
        (#"{"e":"#, .skipped(.invalidJSON)),
    ])
    func frame(frame: String, outcome: FrameOutcome) {
        var decoder = BinanceFuturesDecoder(symbols: ["BTCUSDT"])
        #expect(decoder.decode(frame, at: Fixtures.time()) == outcome, "\(frame)")
    }

    @Test func streamsGoInTheURL() {
        #expect(BinanceFuturesDecoder.streamsURL("wss://fstream.binance.com/stream", symbols: ["BTCUSDT", "ETHUSDT"])
                == "wss://fstream.binance.com/stream?streams=btcusdt@markPrice/ethusdt@markPrice")
    }
}
