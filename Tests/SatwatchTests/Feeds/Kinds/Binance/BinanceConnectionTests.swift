import Foundation
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Synchronization
import Testing

/// The Binance feed's connection against `Tests/Peers/binance_peer.py`: streams named in the
/// URL, and a connection renewed at its age limit without counting as an outage, while one the
/// server ends does count.
@Suite struct BinanceConnectionTests {
    /// What one run of the feed produced.
    struct Run {
        var connects: [String]
        var frames: Int
        var health: FeedHealth
        var lines: [String]
    }

    /// Runs the binance feed against a peer replaying the fixture, connections renewed after
    /// `age` (nil: never) and ended by the peer after `closeAfter` (nil: never), until the peer
    /// saw `connects` connections or 30 s passed (a loaded machine starts slowly).
    static func run(until connects: Int, age: TimeSpan?, closeAfter: Double? = nil) async throws -> Run {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("binance-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: report) }
        let fixture = TestPaths.feedFixtures.appendingPathComponent("binance-trades.jsonl").path
        let peer = try await PeerProcess.start(script: "binance_peer.py", arguments: ["--replay", fixture, "--speed", "20", "--report", report.path]
                                                   + (closeAfter.map { ["--close-after", "\($0)"] } ?? []))
        defer { peer.stop() }
        let pairs = ["BTCUSDT", "ETHUSDT"].map { TradingPair($0, feed: .binance)! }
        let config = FeedConfig(kind: .binance, url: "ws://127.0.0.1:\(peer.port)/stream", settings: PairSettings(pairs))
        let board = FeedHealthBoard([.binance])
        let lines = Mutex<[String]>([]), frames = Mutex(0)
        var feed = WebSocketFeed(config: config, health: board, logger: Logger(sink: { line in lines.withLock { $0.append(line) } }),
                                 backlog: nil, sink: { _ in frames.withLock { $0 += 1 } })
        feed.wire.maxConnectionAge = age
        let task = Task { [feed] in try await feed.run() }
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.connects(report).count < connects, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        task.cancel()
        _ = try? await task.value
        return Run(connects: Self.connects(report), frames: frames.withLock { $0 }, health: board.snapshot[0], lines: lines.withLock { $0 })
    }

    /// The request paths of the connections the peer reported.
    static func connects(_ report: URL) -> [String] {
        let events = (try? Data(contentsOf: report)).map { $0.split(separator: UInt8(ascii: "\n")) } ?? []
        return events.compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
            .filter { $0["event"] as? String == "connect" }.compactMap { $0["path"] as? String }
    }

    @Test func connectionsAreRenewedAtTheirAgeWithoutAnOutage() async throws {
        let run = try await Self.run(until: 3, age: .seconds(1))
        #expect(run.connects.count >= 3)
        #expect(run.connects.allSatisfy { $0 == "/stream?streams=btcusdt@trade/ethusdt@trade" })
        #expect(run.health.reconnects == 0 && run.health.lastError == nil)
        #expect(run.frames > 0)
        // One renewal before each later connect; the last may have been cut short by the end.
        let renewals = run.lines.filter { $0.contains(#"msg="feed renewing connection" feed=binance reason="connection is 1s old""#) }.count
        #expect(renewals == run.connects.count - 1 || renewals == run.connects.count)
        #expect(!run.lines.contains { $0.contains("level=warn") }, "\(run.lines)")
    }

    @Test func aConnectionTheServerEndsIsAnOutage() async throws {
        let run = try await Self.run(until: 2, age: nil, closeAfter: 0.5)
        #expect(run.connects.count >= 2)
        #expect(run.health.reconnects >= 1)
        #expect(run.lines.contains { $0.contains(#"level=warn msg="feed disconnected" feed=binance"#) })
        #expect(!run.lines.contains { $0.contains("feed renewing connection") })
    }
}
