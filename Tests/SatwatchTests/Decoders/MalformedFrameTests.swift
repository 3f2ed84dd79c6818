@testable import SatwatchFeeds
import Testing

/// Hostile and broken input: every decoder answers with a skip reason and never traps.
@Suite struct MalformedFrameTests {
    static let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    static let deepObject = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
    static let hugeInteger = #"{"vBytesPerSecond": 1"# + String(repeating: "0", count: 400) + "}"
    /// `[1,1,…]`, 1 MiB: the frame that took the worker to 870 MB.
    static let ones = "[" + Array(repeating: "1", count: 512 * 1024).joined(separator: ",") + "]"
    /// A ticker with 30,000 well-formed entries: 90,001 values, far over what a frame may build.
    static let hugeTicker = #"{"channel":"ticker","type":"update","data":["#
        + Array(repeating: #"{"symbol":"BTC/USD","last":1}"#, count: 30_000).joined(separator: ",") + "]}"

    /// Frames that no decoder accepts, with the reason every decoder must give.
    @Test(arguments: [
        ("", SkipReason.invalidJSON),
        ("[]", .unexpectedShape),
        ("3", .unexpectedShape),
        (#""text""#, .unexpectedShape),
        ("null", .unexpectedShape),
        ("{", .invalidJSON),
        (#"{"a":1,}"#, .invalidJSON),
        ("{\"a\":\"x\u{85}", .invalidJSON),  // U+0085 inside an unterminated string
        ("{\"a\":\"tab\tinside\"}", .invalidJSON),  // raw control character in a string
        (deep, .invalidJSON),
        (deepObject, .invalidJSON),
        (hugeInteger, .invalidJSON),
        (#"{"vBytesPerSecond": 1e400}"#, .invalidJSON),
        (#"{"pong": true} {"pong": true}"#, .invalidJSON),
        (ones, .unexpectedShape),
        (ones + ",", .invalidJSON),
        // Which of two values a feed meant is a guess: a repeated key refuses the frame.
        (#"{"a":1,"a":2}"#, .duplicateKey),
    ])
    func everyDecoderSkips(frame: String, reason: SkipReason) {
        for kind in FeedKind.allCases {
            var decoder = Self.decoder(kind)
            #expect(decoder.decode(frame, at: Fixtures.time()) == .skipped(reason), "\(kind)")
        }
    }

    /// Feed-specific frames: (feed, frame, reason).
    @Test(arguments: [
        (FeedKind.mempool, #"{"fees": 3}"#, SkipReason.unexpectedShape),
        (.mempool, "{\"fees\": {\"fastestFee\": \"\u{85}\"}}", .unexpectedShape),
        (.mempool, "{\"note\u{85}\": 1}", .unknownMessage),
        (.mempool, #"{"vBytesPerSecond": "1e308"}"#, .unexpectedShape),
        (.coinbase, #"{"type":"ticker","price":"abc"}"#, .unexpectedShape),
        (.coinbase, #"{"type":"ticker","product_id":"BTC-USD","price":"abc"}"#, .invalidValue),
        (.coinbase, "{\"type\":\"ticker\",\"product_id\":\"BTC-USD\",\"price\":\"9\u{85}\"}", .invalidValue),
        (.coinbase, #"{"type":"ticker","product_id":"BTC-USD","price":"1e999"}"#, .invalidValue),
        (.coinbase, #"{"type":"ticker","product_id":"BTC-USD","price":"0x1p3"}"#, .invalidValue),
        (.kraken, #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":"92000"}]}"#, .unexpectedShape),
        (.coinmetrics, #"{"data":[{"time":"2025-12-14T00:00:00Z","PriceUSD":"1e999"}]}"#, .invalidValue),
        (.kraken, hugeTicker, .unexpectedShape),
        (.kraken, #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":96000,"last":1e9}]}"#, .duplicateKey),
        (.coinbase, #"{"type":"ticker","product_id":"BTC-USD","price":"96000","price":"1000000000"}"#, .duplicateKey),
        (.coinbase, #"{"type":"ticker","product_id":"BTC-USD","price":"96000","time":"a","time":"b"}"#, .duplicateKey),
        (.mempool, #"{"fees":{"fastestFee":3,"halfHourFee":3,"hourFee":3,"economyFee":1,"minimumFee":1,"fastestFee":900}}"#, .duplicateKey),
    ])
    func feedSkips(kind: FeedKind, frame: String, reason: SkipReason) {
        var decoder = Self.decoder(kind)
        #expect(decoder.decode(frame, at: Fixtures.time()) == .skipped(reason))
    }

    /// A control key's value is never built, however large: the frame still proves liveness.
    @Test func largeControlMessagesAreLiveness() {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(#"{"mempool-blocks": "# + Self.ones + "}", at: Fixtures.time()) == .liveness)
    }

    /// A huge but finite number parses, and is then outside any metric's plausible domain: the
    /// field is rejected (and counted), the frame's other fields still count.
    @Test func largeFiniteNumbersAreRejectedFieldsNotBrokenFrames() {
        var decoder = MempoolDecoder()
        let samples = decoder.decode(#"{"vBytesPerSecond": 1e308, "block": {"height": 12393906104898154338}, "#
                                     + #""mempoolInfo": {"bytes": 2000, "size": 3}}"#, at: Fixtures.time()).samples
        #expect(samples?.map(\.metric) == ["mempool.count", "mempool.vsize"])
        #expect(decoder.rejectedFields == 2)
    }

    /// Each feed's decoder with its default settings (BTC-USD on Coinbase, BTC/USD on Kraken).
    static func decoder(_ kind: FeedKind) -> any FrameDecoder { FeedConfig(kind: kind).makeDecoder() }
}
