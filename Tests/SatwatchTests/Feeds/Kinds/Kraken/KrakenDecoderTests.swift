@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The Kraken v2 decoder on fixtures/kraken-ticker.jsonl and hand-made frames.
@Suite struct KrakenDecoderTests {
    @Test func fixtureGivesPricesAndLiveness() throws {
        let frames = try Fixtures.frames("kraken-ticker.jsonl")
        let offsets = try Fixtures.offsets("kraken-ticker.offsets")
        #expect(frames.count == 87 && offsets.count == 87)
        var decoder = KrakenDecoder(symbols: Self.pairs(["BTC/USD"]))
        var prices: [Sample] = []
        var liveness = 0
        for (frame, offset) in zip(frames, offsets) {
            switch decoder.decode(frame, at: Fixtures.time(offset)) {
            case .samples(let samples): prices += samples
            case .liveness: liveness += 1
            case .skipped(let reason): Issue.record("skipped \(reason): \(frame)")
            }
        }
        #expect(prices.count == 46)  // the snapshot and 45 updates
        #expect(liveness == 41)  // status, subscribe ack, pong and 38 heartbeats
        #expect(prices.allSatisfy { $0.metric == "btc.usd" && $0.source == "kraken" })
        #expect(prices.first?.value == 92287.3)
        #expect(prices.last?.value == 92364)
        #expect(decoder.rejectedFields == 0)
    }

    @Test func pongIsDetectedOnlyOnThePong() throws {
        let frames = try Fixtures.frames("kraken-ticker.jsonl")
        let pongs = frames.indices.filter { KrakenDecoder.isPong(frames[$0]) }
        #expect(pongs == [47])
    }

    static let update = #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/EUR","last":79384.5},"#
        + #"{"symbol":"ETH/USD","last":3100},{"symbol":"BTC/USD","last":"x"}]}"#

    static func pairs(_ symbols: [String]) -> [TradingPair] { symbols.map { TradingPair($0, feed: .kraken)! } }

    /// (configured symbols, frame, outcome).
    @Test(arguments: [
        (["BTC/USD", "XBT/EUR"], update,
         FrameOutcome.samples([Sample(metric: "btc.eur", value: 79384.5, at: Fixtures.time(), source: "kraken")])),
        (["BTC/USD"], #"{"channel":"ticker","type":"snapshot","data":[{"symbol":"XBT/USD","last":92000}]}"#,
         .samples([Sample(metric: "btc.usd", value: 92000, at: Fixtures.time(), source: "kraken")])),
        (["BTC/USD"], #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":-1}]}"#,
         .skipped(.invalidValue)),
        (["BTC/USD"], #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD"}]}"#,
         .skipped(.unexpectedShape)),
        (["BTC/USD"], #"{"channel":"ticker","type":"update","data":{}}"#, .skipped(.unexpectedShape)),
        (["BTC/USD"], #"{"channel":"ticker","type":"update","data":[{"symbol":"ETH/USD","last":1}]}"#,
         .samples([])),
        (["ETH/EUR", "ETH/XBT"], #"{"channel":"ticker","type":"update","data":[{"symbol":"ETH/EUR","last":2900},{"symbol":"ETH/BTC","last":0.034}]}"#,
         .samples([Sample(metric: "eth.eur", value: 2900, at: Fixtures.time(), source: "kraken"),
                   Sample(metric: "eth.btc", value: 0.034, at: Fixtures.time(), source: "kraken")])),
        (["BTC/USD"], #"{"channel":"heartbeat"}"#, .liveness),
        (["BTC/USD"], #"{"channel":"status","data":[{"connection_id":18446744073709551615}],"type":"update"}"#,
         .liveness),
        (["BTC/USD"], #"{"method":"subscribe","req_id":1,"result":{"channel":"ticker"},"success":true}"#, .liveness),
        (["BTC/USD"], #"{"error":"Currency pair not supported","method":"subscribe","req_id":1,"success":false}"#,
         .skipped(.serverError)),
        (["BTC/USD"], #"{"error":"Malformed request","success":false}"#, .skipped(.serverError)),
        (["BTC/USD"], #"{"method":"pong","req_id":2}"#, .liveness),
        (["BTC/USD"], #"{"method":"unheard_of"}"#, .skipped(.unknownMessage)),
        (["BTC/USD"], #"{"channel":"book","type":"update","data":[]}"#, .skipped(.unknownMessage)),
        (["BTC/USD"], #"{"type":"update"}"#, .skipped(.unexpectedShape)),
    ])
    func frame(symbols: [String], frame: String, outcome: FrameOutcome) {
        var decoder = KrakenDecoder(symbols: Self.pairs(symbols))
        #expect(decoder.decode(frame, at: Fixtures.time()) == outcome)
    }

    @Test func badEntryBesideAGoodOneIsCounted() {
        var decoder = KrakenDecoder(symbols: Self.pairs(["BTC/USD", "BTC/EUR"]))
        #expect(decoder.decode(Self.update, at: Fixtures.time()).samples?.map(\.metric) == ["btc.eur"])
        #expect(decoder.rejectedFields == 1)
    }

    /// (frame, what is said once about it): a refused symbol with Kraken's reason, an error
    /// naming no symbol by its method, and nothing for data, acks and pongs.
    @Test(arguments: [
        (#"{"error":"Currency pair not supported SOL/GBP","method":"subscribe","req_id":1,"success":false,"symbol":"SOL/GBP","time_in":"2026-01-01T00:00:00.000000Z","time_out":"2026-01-01T00:00:00.000001Z"}"#,
         [FeedNotice("feed pair refused", [("pair", "SOL/GBP"), ("reason", "Currency pair not supported SOL/GBP")], channel: "SOL/GBP")]),
        (#"{"error":"Malformed request","method":"subscribe","success":false}"#,
         [FeedNotice("feed request refused", [("request", "subscribe"), ("error", "Malformed request")])]),
        (#"{"error":"Malformed request","success":false}"#,
         [FeedNotice("feed request refused", [("request", "request"), ("error", "Malformed request")])]),
        (#"{"method":"subscribe","req_id":1,"result":{"channel":"ticker","symbol":"BTC/USD"},"success":true}"#, []),
        (#"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":92000}]}"#, []),
        (#"{"method":"pong","req_id":2}"#, []),
    ])
    func notices(frame: String, said: [FeedNotice]) {
        #expect(KrakenDecoder.notices(frame) == said)
    }

    /// Kraken repeating its refusal, on one connection or the next, is said once (one per pair).
    @Test func aRefusalIsSaidOncePerPair() {
        let wire = FeedWire(FeedConfig(kind: .kraken, settings: PairSettings(Self.pairs(["BTC/USD", "SOL/GBP", "DOGE/GBP"]))))
        let log = NoticeLog()
        let sol = #"{"error":"Currency pair not supported SOL/GBP","method":"subscribe","success":false,"symbol":"SOL/GBP"}"#
        let doge = #"{"error":"Currency pair not supported DOGE/GBP","method":"subscribe","success":false,"symbol":"DOGE/GBP"}"#
        let said = [sol, sol, doge, sol, doge].flatMap(wire.notices).filter(log.record)
        #expect(said.map(\.pairs.first?.1) == ["SOL/GBP", "DOGE/GBP"])
    }

    @Test func clientMessages() {
        #expect(KrakenDecoder.subscribeMessage(symbols: Self.pairs(["XBT/USD"]))
            == #"{"method":"subscribe","params":{"channel":"ticker","symbol":["XBT/USD"]},"req_id":1}"#)
        #expect(KrakenDecoder.pingMessage == #"{"method":"ping","req_id":2}"#)
    }
}
