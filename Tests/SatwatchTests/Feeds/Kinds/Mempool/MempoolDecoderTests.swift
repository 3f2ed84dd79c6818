@testable import SatwatchFeeds
import Testing

/// The mempool decoder on hand-made frames: key handling, bad fields, control frames.
@Suite struct MempoolDecoderTests {
    static let at = Fixtures.time()

    /// (frame, expected samples in order).
    @Test(arguments: [
        (#"{"conversions":{"time":1765375503,"USD":92411,"EUR":-1,"GBP":69431}}"#,
         [("btc.usd", 92411.0), ("btc.gbp", 69431.0)]),
        (#"{"conversions":{"time":1765375503,"USD":-1}}"#, []),
        (#"{"da": {"difficultyChange":-2.5,"remainingBlocks":12}, "vBytesPerSecond": 0}"#,
         [("difficulty.change", -2.5), ("difficulty.remaining_blocks", 12), ("mempool.vbytes_per_second", 0)]),
        (#"{"blocks": [{"height":5},{"height":9},{"height":7}]}"#, [("block.height", 9)]),
        (#"{"blocks": []}"#, []),
        (#"{"block": {"height":927605,"id":"00"}, "pong": true}"#, [("block.height", 927605)]),
        (#"{"mempoolInfo": {"bytes":2,"size":1}}"#, [("mempool.count", 1), ("mempool.vsize", 2)]),
    ] as [(String, [(metric: String, value: Double)])])
    func dataFrame(frame: String, expected: [(metric: String, value: Double)]) {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(frame, at: Self.at) == .samples(Fixtures.samples(expected, at: Self.at, source: "mempool")))
        #expect(decoder.rejectedFields == 0)
    }

    /// A bad field loses only itself; the frame keeps its other samples and the decoder counts it.
    /// (frame, metrics expected, fields rejected)
    @Test(arguments: [
        (#"{"fees":{"fastestFee":"x","halfHourFee":2,"hourFee":1,"economyFee":0.5,"minimumFee":0.1}}"#,
         ["fee.half_hour", "fee.hour", "fee.economy", "fee.minimum"], 1),
        (#"{"fees":{"fastestFee":-1,"halfHourFee":2,"hourFee":1,"economyFee":0.5}}"#,
         ["fee.half_hour", "fee.hour", "fee.economy"], 2),
        (#"{"conversions":{"USD":"92411","EUR":0,"GBP":69431}, "vBytesPerSecond": null}"#, ["btc.gbp"], 3),
        (#"{"blocks": [{"height":5},{"id":"x"},{"height":-3}], "mempoolInfo": 4}"#, ["block.height"], 3),
        // Values no feed can mean: a height of 1e300 or 927700.5, 1.5 transactions, a fee of
        // more than a bitcoin a vbyte.
        (#"{"blocks": [{"height":927700},{"height":1e300},{"height":927701.5}]}"#, ["block.height"], 2),
        (#"{"mempoolInfo": {"bytes":2000,"size":1.5}, "da": {"difficultyChange":1e300,"remainingBlocks":3.5}}"#,
         ["mempool.vsize"], 3),
        (#"{"fees":{"fastestFee":1e9,"halfHourFee":2,"hourFee":1,"economyFee":0.5,"minimumFee":0.1}}"#,
         ["fee.half_hour", "fee.hour", "fee.economy", "fee.minimum"], 1),
    ])
    func badFieldIsDroppedAlone(frame: String, metrics: [String], rejected: Int) {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(frame, at: Self.at).samples?.map(\.metric) == metrics)
        #expect(decoder.rejectedFields == rejected)
    }

    /// Frames whose only data is bad are skipped with the first bad field's reason (and not
    /// counted again in `rejectedFields`).
    @Test(arguments: [
        (#"{"fees": 3}"#, SkipReason.unexpectedShape),
        (#"{"fees": {"fastestFee":"x"}, "mempool-blocks": []}"#, .unexpectedShape),
        (#"{"vBytesPerSecond": -5}"#, .invalidValue),
        (#"{"block": {"height":1e300}}"#, .invalidValue),
        (#"{"block": {"height":927700.5}}"#, .invalidValue),
        (#"{"mempoolInfo": {"bytes":2.5,"size":1.5}, "vBytesPerSecond": 1e300}"#, .invalidValue),
        (#"{"block": {"id":"00"}}"#, .unexpectedShape),
        (#"{"conversions": [92411]}"#, .unexpectedShape),
        (#"{"blocks": {"height": 1}}"#, .unexpectedShape),
    ])
    func frameWithOnlyBadDataIsSkipped(frame: String, reason: SkipReason) {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(frame, at: Self.at) == .skipped(reason))
        #expect(decoder.rejectedFields == 0)
    }

    /// (frame, outcome) for frames without data.
    @Test(arguments: [
        (#"{"pong": true}"#, FrameOutcome.liveness),
        (#"{"loadingIndicators":{"mempool":100}}"#, .liveness),
        (#"{"mempool-blocks": [], "transactions": []}"#, .liveness),
        (#"{"backendInfo": {}, "somethingNew": 1}"#, .liveness),
        (#"{"somethingNew": 1}"#, .skipped(.unknownMessage)),
        (#"{}"#, .skipped(.unknownMessage)),
        (#"{"action":"init"}"#, .skipped(.unknownMessage)),
    ])
    func frameWithoutData(frame: String, outcome: FrameOutcome) {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(frame, at: Self.at) == outcome)
    }

    @Test(arguments: [
        (#"{"pong": true}"#, true),
        (#"{"pong":true}"#, true),
        (#"{"pong": false}"#, false),
        (#"{"pong": "true"}"#, false),
        (#"{"loadingIndicators":{"mempool":100}}"#, false),
        (#"pong"#, false),
        ("", false),
    ])
    func pongDetection(frame: String, isPong: Bool) {
        #expect(MempoolDecoder.isPong(frame) == isPong)
    }

    @Test func keyOrderDoesNotMatter() {
        var decoder = MempoolDecoder()
        let one = decoder.decode(#"{"vBytesPerSecond": 7, "block": {"height": 3}}"#, at: Self.at).samples
        let other = decoder.decode(#"{"block": {"height": 3}, "vBytesPerSecond": 7}"#, at: Self.at).samples
        #expect(one?.count == 2)
        #expect(one?.sorted { $0.metric < $1.metric } == other?.sorted { $0.metric < $1.metric })
    }
}
