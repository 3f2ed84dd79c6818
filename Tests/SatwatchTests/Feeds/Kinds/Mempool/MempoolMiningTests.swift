@testable import SatwatchFeeds
import Testing

/// mempool's REST mining answer through the mempool decoder, where it is asked for, and which
/// WebSocket frames announce a block.
@Suite struct MempoolMiningTests {
    static let at = Fixtures.time()

    @Test func fixtureGivesHashrateInExahashesAndDifficulty() throws {
        var decoder = MempoolDecoder()
        let outcome = decoder.decode(try Fixtures.text("mempool-rest-hashrate-3d.json"), at: Self.at)
        #expect(outcome == .samples(Fixtures.samples([("hashrate", 1.0816403527430417e+21 / 1e18),
                                                      ("difficulty", 149302414377324.7)], at: Self.at, source: "mempool")))
        #expect(abs((outcome.samples?.first?.value ?? 0) - 1081.64) < 0.01)
        #expect(decoder.rejectedFields == 0)
    }

    /// (frame, outcome, fields rejected): a bad current value loses only itself; the server's 0
    /// (its Bitcoin Core unreachable) is no value.
    @Test(arguments: [
        (#"{"currentHashrate":6.5e20,"currentDifficulty":1.0e14}"#,
         FrameOutcome.samples(Fixtures.samples([("hashrate", 650), ("difficulty", 1e14)], at: Fixtures.time(), source: "mempool")), 0),
        (#"{"hashrates":[],"difficulty":[],"currentHashrate":0,"currentDifficulty":0}"#, .skipped(.invalidValue), 0),
        (#"{"currentHashrate":"6.5e20","currentDifficulty":1.0e14}"#,
         .samples(Fixtures.samples([("difficulty", 1e14)], at: Fixtures.time(), source: "mempool")), 1),
        (#"{"currentHashrate":6.5e20,"currentDifficulty":-1}"#,
         .samples(Fixtures.samples([("hashrate", 650)], at: Fixtures.time(), source: "mempool")), 1),
        (#"{"currentHashrate":null}"#, .skipped(.unexpectedShape), 0),
        (#"{"currentHashrate":1e400}"#, .skipped(.invalidJSON), 0),
        (#"{"hashrates":[{"timestamp":1,"avgHashrate":2}],"difficulty":[]}"#, .liveness, 0),
    ] as [(String, FrameOutcome, Int)])
    func restAnswer(frame: String, outcome: FrameOutcome, rejected: Int) {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(frame, at: Self.at) == outcome)
        #expect(decoder.rejectedFields == rejected)
    }

    /// (feed url, REST base).
    @Test(arguments: [
        ("wss://mempool.space/api/v1/ws", "https://mempool.space"),
        ("ws://127.0.0.1:8999/api/v1/ws", "http://127.0.0.1:8999"),
        ("wss://node.example/mempool/api/v1/ws/", "https://node.example/mempool"),
        ("wss://mempool.space/api/v1/ws?x=1", "https://mempool.space"),
        ("ws://[::1]:8999/somewhere/else", "http://[::1]:8999"),
        ("ws://host", "http://host"),
        ("https://mempool.space/api/v1/ws", nil),
        ("wss://user@host/api/v1/ws", nil),
    ] as [(String, String?)])
    func restBaseFollowsTheFeedURL(url: String, base: String?) {
        #expect(MempoolDecoder.restBase(webSocketURL: url) == base)
    }

    @Test func apiSettingWinsOverTheFeedURL() {
        var feed = FeedConfig(kind: .mempool)
        #expect(MempoolDecoder.hashrateURL(feed) == "https://mempool.space/api/v1/mining/hashrate/3d")
        feed.settings = MempoolSettings(api: "http://10.0.0.2:3006")
        #expect(MempoolDecoder.hashrateURL(feed) == "http://10.0.0.2:3006/api/v1/mining/hashrate/3d")
    }

    /// (frame, signal).
    @Test(arguments: [
        (#"{"block": {"height":927605}, "mempoolInfo": {}}"#, MempoolBlockSignal.newBlock),
        (#"{"mempoolInfo":{},"block":{"height":927605}}"#, .newBlock),
        ("{\"block\"\n\t :{\"height\":1}}", .newBlock),
        (#"{"blocks": [{"height":927604}], "da": {}}"#, .tip),
        (#"{"blocks":[],"block":{"height":1}}"#, .newBlock),
        (#"{"fees": {"fastestFee":2}, "mempool-blocks": [], "block-transactions": []}"#, nil),
        (#"{"tx": {"status":{"block_height":927604,"block_hash":"00"}}}"#, nil),
        (#"{"note": "a \"block\": inside a string"}"#, nil),
        (#"{"note": "block"}"#, nil),
        (#"{"block""#, nil),
        (#""block":"#, .newBlock),
        ("", nil),
        // A watch's answers carry a nested "block" (a projected mempool block): no new block.
        (#"{"tracked-txs":{"ab":{"position":{"block":2,"vsize":140.25}}}}"#, nil),
        (#"{"txPosition":{"txid":"ab","position":{"block":0}},"blocks":[]}"#, .tip),
        (#"{"x":["{"block":1}", {"block":1}]}"#, nil),
    ] as [(String, MempoolBlockSignal?)])
    func blockSignalIsReadFromTheRawFrame(frame: String, signal: MempoolBlockSignal?) {
        #expect(MempoolBlockSignal(frame: frame) == signal)
    }

    @Test func feesFixtureAnnouncesOneBlockAndTheWantAnswerATip() throws {
        let signals = try Fixtures.frames("mempool-ws-fees.jsonl").enumerated()
            .compactMap { line, frame in MempoolBlockSignal(frame: frame).map { (line + 1, $0) } }
        #expect(signals.map(\.0) == [1, 95])
        #expect(signals.map(\.1) == [.tip, .newBlock])
        #expect(MempoolBlockSignal(frame: try Fixtures.text("mempool-ws-init.json")) == .tip)
    }

    /// The watch's scenario: only the three block pushes announce a block, not the positions.
    @Test func chainFixtureAnnouncesItsBlocksOnly() throws {
        let signals = try Fixtures.frames("mempool-ws-chain.jsonl").map { MempoolBlockSignal(frame: $0) }
        #expect(signals == [nil, nil, .newBlock, .newBlock, .newBlock, nil])
    }
}
