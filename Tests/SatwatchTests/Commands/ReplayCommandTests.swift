import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

@Suite struct ReplayCommandTests {
    /// A config with mempool, Coinbase and Kraken feeds (the mempool one with `mempool`'s
    /// settings), a `log` channel and the given rule files' text.
    static func setup(rules: String, mempool: String = "{}") throws -> URL {
        try setup(rules: rules, feeds: #"{"mempool": \#(mempool), "coinbase": {}, "kraken": {}}"#)
    }

    /// A config with `feeds` (the config's `feeds` object), a `log` channel and the rule file.
    static func setup(rules: String, feeds: String) throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try rules.write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
        try #"{"state": "state.db", "rules": ["rules"], "feeds": \#(feeds), "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}"#
            .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `satwatch replay` of the raw frame fixture `fixture` of `feed` from `start`, with the
    /// config in `folder`: its exit status and output.
    static func replay(_ folder: URL, raw fixture: String, feed: String, start: String) async -> (Int32, CapturedIO) {
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run([
            "replay", "--config", folder.appendingPathComponent("satwatch.json").path,
            "--input", TestPaths.feedFixtures.appendingPathComponent(fixture).path, "--feed", feed, "--start", start,
        ], io: captured.io)
        return (status, captured)
    }

    static func lines(_ captured: CapturedIO) throws -> [[String: Any]] {
        try captured.out.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    /// The acceptance check: the fee burst passes 10 sat/vB at +136.4 s and falls at block
    /// 927605 (+221.7 s): exactly one firing and one resolved, 85 s apart.
    @Test func feeBurstFiresOnceAndResolvesOnce() async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "fastest-above-10", "metric": "fee.fastest", "above": 10}]}"#)
        let (status, captured) = await Self.replay(folder, raw: "mempool-ws-fees.jsonl", feed: "mempool", start: "2025-12-10T14:02:00Z")
        #expect(status == 0)
        #expect(captured.out == [
            #"{"rule":"fastest-above-10","status":"firing","metric":"fee.fastest","value":10.229,"threshold":10,"at":"2025-12-10T14:04:16.384Z","channels":["console"],"values":{"fee.fastest":10.229}}"#,
            #"{"rule":"fastest-above-10","status":"resolved","metric":"fee.fastest","value":6.601,"threshold":10,"at":"2025-12-10T14:05:41.655Z","channels":["console"],"values":{"fee.fastest":6.601}}"#,
        ])
        let times = try Self.lines(captured).map { Timestamp(rfc3339: $0["at"] as! String)! }
        #expect((times[1] - times[0]).milliseconds / 1000 == 85)
    }

    /// Notifications keep the replayed time for any `--start`, also one before 1970 (the
    /// engine's clock once started at the epoch and stamped those `1970-01-01`).
    @Test(arguments: ["1900-01-01T00:00:00Z", "1969-12-31T23:59:00Z", "2025-12-10T14:02:00Z"])
    func notificationsKeepTheReplayedTime(start: String) async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "fastest-above-10", "metric": "fee.fastest", "above": 10}]}"#)
        let (status, captured) = await Self.replay(folder, raw: "mempool-ws-fees.jsonl", feed: "mempool", start: start)
        #expect(status == 0)
        let begin = Timestamp(rfc3339: start)!
        let times = try Self.lines(captured).map { Timestamp(rfc3339: $0["at"] as! String)! }
        #expect(times == [begin + TimeSpan(milliseconds: 136_384), begin + TimeSpan(milliseconds: 221_655)])
    }

    /// A record file (several feeds, one line per frame with its receive time) replays in time
    /// order; `--feed` filters it.
    @Test func recordFilesReplayInRecordedTime() async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "usd-above-92290", "metric": "btc.usd", "above": 92290, "source": "kraken"}]}"#)
        let frames = try String(contentsOf: TestPaths.feedFixtures.appendingPathComponent("kraken-ticker.jsonl"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        let start = Timestamp(rfc3339: "2025-12-10T14:02:00Z")!
        let record = frames.enumerated().map { index, text in
            RecordedFrame(at: start + .seconds(Int64(index)), feed: .kraken, text: String(text)).line
        } + [RecordedFrame(at: start, feed: .coinbase, text: #"{"type":"heartbeat"}"#).line]
        let input = folder.appendingPathComponent("session.rec")
        try record.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["replay", "--config", folder.appendingPathComponent("satwatch.json").path,
                                                    "--input", input.path], io: captured.io)
        #expect(status == 0)
        let output = try Self.lines(captured)
        #expect(output.first?["status"] as? String == "firing")
        #expect(output.first?["rule"] as? String == "usd-above-92290")
        #expect(output.allSatisfy { Timestamp(rfc3339: $0["at"] as! String)! >= start })
    }

    /// Frames 25m apart with a rule reminding every 10m (and a feed stale only after an hour):
    /// the reminders go out at +10m and +20m, as the worker's alarm would send them, not once at
    /// the next frame.
    @Test func remindersBetweenFramesActOnTime() async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 20, "repeat": "10m"}]}"#,
                                    mempool: #"{"stale_after": "1h"}"#)
        let start = Timestamp(rfc3339: "2025-12-10T14:00:00Z")!
        let input = folder.appendingPathComponent("gap.rec")
        try [RecordedFrame(at: start, feed: .mempool, text: #"{"fees": {"fastestFee": 25}}"#).line,
             RecordedFrame(at: start + .minutes(25), feed: .mempool, text: #"{"fees": {"fastestFee": 10}}"#).line]
            .joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["replay", "--config", folder.appendingPathComponent("satwatch.json").path,
                                                    "--input", input.path], io: captured.io)
        #expect(status == 0)
        #expect(try Self.lines(captured).map { "\($0["at"] as! String) \($0["status"] as! String)" } == [
            "2025-12-10T14:00:00.000Z firing", "2025-12-10T14:10:00.000Z firing", "2025-12-10T14:20:00.000Z firing",
            "2025-12-10T14:25:00.000Z resolved",
        ])
    }

    /// A gap longer than the feed's `stale_after` replays as the worker lives it (measured on
    /// `satwatch run` fed these frames at their pace): the feed's `feed-stale:` alert fires at
    /// +4s; meanwhile `lvl` reminds no more and `pf`'s `for 5s` does not complete (it does at
    /// +9s, once data is back). The alert resolves once the feed has delivered for a steady
    /// minute, at +69s.
    @Test func aGapPastStaleAfterHoldsTheFeedsRules() async throws {
        let folder = try Self.setup(rules: #"""
            {"rules": [{"name": "lvl", "metric": "fee.fastest", "above": 10, "repeat": "2s"},
                       {"name": "pf", "metric": "fee.fastest", "above": 10, "for": "5s"}]}
            """#, mempool: #"{"stale_after": "3s"}"#)
        let start = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!
        let input = folder.appendingPathComponent("gap.rec")
        try ([(0, 50), (1, 50), (9, 50), (10, 5), (11, 5)] + stride(from: 13, through: 71, by: 2).map { ($0, 5) }).map { second, fee in
            RecordedFrame(at: start + .seconds(Int64(second)), feed: .mempool, text: #"{"fees": {"fastestFee": \#(fee)}}"#).line
        }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["replay", "--config", folder.appendingPathComponent("satwatch.json").path,
                                                    "--input", input.path], io: captured.io)
        #expect(status == 0)
        #expect(try Self.lines(captured).map { "+\((Timestamp(rfc3339: $0["at"] as! String)! - start).wholeSecondsText) \($0["rule"] as! String) \($0["status"] as! String)" } == [
            "+0s lvl firing", "+2s lvl firing", "+4s lvl firing", "+4s feed-stale:mempool firing",
            "+9s lvl firing", "+9s pf firing", "+10s lvl resolved", "+10s pf resolved",
            "+1m9s feed-stale:mempool resolved",
        ])
    }

    /// A frame that comes just as its feed's `stale_after` ends is in time (no alert); a
    /// millisecond later the feed was stale meanwhile, and its alert fires (and waits for a
    /// steady minute to resolve).
    @Test(arguments: [(3_000, [String]()), (3_001, ["+03.000s feed-stale:mempool firing"])] as [(Int64, [String])])
    func aFrameAtStaleAfterIsInTime(gap: Int64, expected: [String]) async throws {
        let folder = try Self.setup(rules: #"{"rules": []}"#, mempool: #"{"stale_after": "3s"}"#)
        let start = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!
        let input = folder.appendingPathComponent("gap.rec")
        try [0, gap].map { RecordedFrame(at: start + TimeSpan(milliseconds: $0), feed: .mempool, text: #"{"fees": {"fastestFee": 5}}"#).line }
            .joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["replay", "--config", folder.appendingPathComponent("satwatch.json").path,
                                                    "--input", input.path], io: captured.io)
        #expect(status == 0)
        #expect(try Self.lines(captured).map { "+\(($0["at"] as! String).dropFirst(17).prefix(6))s \($0["rule"] as! String) \($0["status"] as! String)" } == expected)
    }

    @Test func recordLinesRoundTripAnyText() {
        for text in ["{\"a\": \"\u{85}\u{2028}\"}", "line\nbreak", "", "\"quoted\" \\ back"] {
            let frame = RecordedFrame(at: Timestamp(milliseconds: 1_765_375_320_046), feed: .mempool, text: text)
            #expect(RecordedFrame(line: frame.line) == frame)
            #expect(!frame.line.unicodeScalars.contains { ["\n", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) })
        }
    }

    @Test(arguments: [
        (["replay", "--config", "x.json"], "satwatch replay: missing required option --input"),
        (["replay", "--input", "x", "--feed", "bitstamp"], "satwatch replay: unknown feed \"bitstamp\" (known: mempool, coinbase, kraken, coinmetrics, feargreed, coingecko, binance, deribit, binance_futures, news)"),
        (["replay", "--input", "x", "--feed", "krakn"], "satwatch replay: unknown feed \"krakn\" (did you mean \"kraken\"?)"),
        (["record", "--out", "x", "--feed", "mempol"], "satwatch record: unknown feed \"mempol\" (did you mean \"mempool\"?)"),
        (["replay", "--input", "x", "--start", "yesterday"], "satwatch replay: --start must be an RFC 3339 time, e.g. 2025-12-10T14:02:00Z"),
    ] as [([String], String)])
    func usageErrors(_ arguments: [String], _ message: String) async {
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(arguments, io: captured.io) == 2)
        #expect(captured.err.first == message)
    }

    @Test func rawFileWithoutFeedIsExplained() async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "a", "metric": "fee.fastest", "above": 10}]}"#)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["replay", "--config", folder.appendingPathComponent("satwatch.json").path,
                                                    "--input", TestPaths.feedFixtures.appendingPathComponent("mempool-ws-fees.jsonl").path],
                                                   io: captured.io)
        #expect(status == 1)
        #expect(captured.err.last?.hasSuffix("not a record file; for a raw frame file, name its feed with --feed") == true)
    }

    /// A raw CoinGecko answer carries its own times (2025-12-10T14:02Z): replayed a year later
    /// its price is stale and fires nothing, and replay says so; replayed at its time it fires.
    @Test(arguments: [("2026-12-10T14:02:30Z", 0, true), ("2025-12-10T14:02:30Z", 1, false)])
    func aRawCoinGeckoAnswerIsCurrentOnlyNearItsTimes(start: String, notified: Int, stale: Bool) async throws {
        let folder = try Self.setup(rules: #"{"rules": [{"name": "btc-above-90k", "metric": "btc.usd", "above": 90000}]}"#,
                                    feeds: #"{"coingecko": {}}"#)
        let (status, captured) = await Self.replay(folder, raw: "coingecko-simple-price.json", feed: "coingecko", start: start)
        #expect(status == 0)
        #expect(captured.out.count == notified)
        #expect(captured.err.contains("satwatch replay: coingecko: samples out of time: future=0 stale=1") == stale)
    }
}
