@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// The mempool decoder on the recorded frames of fixtures/mempool-ws-*.
@Suite struct MempoolFixtureTests {
    @Test func everyStatsFrameDecodesToSamples() throws {
        let frames = try Fixtures.frames("mempool-ws-fees.jsonl")
        #expect(frames.count == 215)
        var decoder = MempoolDecoder()
        for (index, frame) in frames.enumerated() {
            let samples = decoder.decode(frame, at: Fixtures.time()).samples
            #expect(samples?.isEmpty == false, "line \(index + 1)")
        }
        #expect(decoder.rejectedFields == 0)
    }

    @Test func initReplyGivesItsExactSamples() throws {
        var decoder = MempoolDecoder()
        let outcome = decoder.decode(try Fixtures.text("mempool-ws-init.json"), at: Fixtures.time())
        #expect(outcome == .samples(Fixtures.samples(MempoolInitExpectation.samples, at: Fixtures.time(), source: "mempool")))
    }

    static let statsLine2: [(metric: String, value: Double)] = [
        ("mempool.count", 31883), ("mempool.vsize", 28416179), ("mempool.vbytes_per_second", 1377),
        ("difficulty.change", 1.4993767302403649), ("difficulty.remaining_blocks", 1772),
        ("fee.fastest", 2.13), ("fee.half_hour", 1.648), ("fee.hour", 1.117), ("fee.economy", 0.2),
        ("fee.minimum", 0.1),
    ]

    static let blockLine95: [(metric: String, value: Double)] = [
        ("block.height", 927605), ("mempool.count", 31100), ("mempool.vsize", 27843273),
        ("mempool.vbytes_per_second", 1300), ("fee.fastest", 6.601), ("fee.half_hour", 5.197),
        ("fee.hour", 3.828), ("fee.economy", 0.2), ("fee.minimum", 0.1),
        ("difficulty.change", 1.5165690850409863), ("difficulty.remaining_blocks", 1771),
    ]

    /// (1-based line, expected samples in frame order): a `stats` push, and the new block.
    @Test(arguments: [(2, statsLine2), (95, blockLine95)])
    func frameGivesItsExactSamples(line: Int, expected: [(metric: String, value: Double)]) throws {
        let frames = try Fixtures.frames("mempool-ws-fees.jsonl")
        var decoder = MempoolDecoder()
        let outcome = decoder.decode(frames[line - 1], at: Fixtures.time(7))
        #expect(outcome == .samples(Fixtures.samples(expected, at: Fixtures.time(7), source: "mempool")))
    }

    @Test func feeBurstCrossesTenAndFallsBackAtTheBlock() throws {
        let frames = try Fixtures.frames("mempool-ws-fees.jsonl")
        let offsets = try Fixtures.offsets("mempool-ws-fees.offsets")
        #expect(frames.count == offsets.count)
        var decoder = MempoolDecoder()
        var fastest: [(at: Timestamp, value: Double)] = []
        for (frame, offset) in zip(frames, offsets) {
            for sample in decoder.decode(frame, at: Fixtures.time(offset)).samples ?? []
            where sample.metric == "fee.fastest" {
                fastest.append((sample.at, sample.value))
            }
        }
        #expect(fastest.count == 213)  // every frame but the two `conversions` pushes
        #expect(fastest.first?.value == 2.121)
        let rise = try #require(fastest.firstIndex { $0.value > 10 })
        #expect(fastest[rise].at == Fixtures.time(136_384))
        #expect(fastest[rise].value == 10.229)
        #expect(fastest[..<rise].allSatisfy { $0.value < 10 })
        let fall = try #require(fastest[rise...].firstIndex { $0.value < 10 })
        #expect(fastest[fall].at == Fixtures.time(221_655))
        #expect(fastest[fall].value == 6.601)
        #expect(fastest[rise..<fall].map(\.value).max() == 11.6)
    }

    /// (file, 1-based line, number of `btc.*` samples, `btc.usd`).
    @Test(arguments: [
        ("mempool-ws-fees.jsonl", 78, 33, 92411.0),
        ("mempool-ws-fees.jsonl", 203, 33, 92268.0),
        ("mempool-ws-control.jsonl", 3, 7, 92411.0),
    ])
    func conversionsPushGivesOnePricePerCurrency(file: String, line: Int, count: Int, usd: Double) throws {
        var decoder = MempoolDecoder()
        let samples = try #require(decoder.decode(try Fixtures.frames(file)[line - 1], at: Fixtures.time()).samples)
        #expect(samples.count == count)
        #expect(samples.allSatisfy { $0.metric.hasPrefix("btc.") && $0.source == "mempool" })
        #expect(samples.first { $0.metric == "btc.usd" }?.value == usd)
    }

    @Test(arguments: [1, 2])
    func controlFramesAreLiveness(line: Int) throws {
        var decoder = MempoolDecoder()
        let frame = try Fixtures.frames("mempool-ws-control.jsonl")[line - 1]
        #expect(decoder.decode(frame, at: Fixtures.time()) == .liveness)
        #expect(MempoolDecoder.isPong(frame) == (line == 1))
    }

    @Test func clientMessagesMatchTheOfficialClient() throws {
        let client = try Fixtures.frames("mempool-ws-client.jsonl")
        #expect(MempoolDecoder.subscribeMessages + [MempoolDecoder.pingMessage] == client)
    }
}
