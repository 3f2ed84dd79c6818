import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchFeeds
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The evaluator service in-process, on a real state file, fed frames through its input stream.
@Suite struct EvaluatorTests {
    static func fees(_ fastest: Double) -> EvaluatorInput {
        .frame(RecordedFrame(at: WallClock.now(), feed: .mempool,
                             text: #"{"fees": {"fastestFee": \#(fastest), "halfHourFee": 2, "hourFee": 1, "economyFee": 1, "minimumFee": 1}}"#))
    }

    /// Waits for `condition`, up to a minute: what it waits for takes milliseconds, but a loaded
    /// two-core machine running the whole suite has taken over 10 s to schedule it.
    static func wait(_ condition: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while try !condition(), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try condition(), "timed out")
    }

    /// A worker's setup with one rule on a fresh state file whose outbox refuses inserts (a
    /// trigger aborting them, as a full disk would), and what its logger wrote.
    struct FullDisk {
        let setup: Setup
        let store: StateStore
        let lines = LogLines()
        let logger: Logger

        init() throws {
            let folder = try TestPaths.temporaryFolder()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
            try #"{"rules": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]}"#
                .write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
            try #"{"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {}}, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}"#
                .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
            logger = Logger(sink: lines.append)
            let (setup, problems) = Setup.load(path: folder.appendingPathComponent("satwatch.json").path, environment: [:], logger: logger)
            #expect(problems.isEmpty)
            self.setup = try #require(setup)
            store = try StateStore.open(path: self.setup.config.statePath)
            try store.connection.execute("CREATE TRIGGER full_disk BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }

        /// The disk has room again.
        func freed() throws { try store.connection.execute("DROP TRIGGER full_disk") }

        /// An evaluator service on the file, its input and its boards.
        func evaluator() -> (Evaluator, EvaluatorInbox, Boards) {
            let inbox = EvaluatorInbox()
            let boards = Boards(health: FeedHealthBoard([.mempool]), metrics: MetricBoard(), rules: RuleStateBoard(),
                                deliveries: DeliveryCounters(), histories: HistoryHandover(),
                                store: StoreHealthBoard(logger: logger), startedAt: WallClock.now())
            return (Evaluator(setup: setup, stateFile: StateFile(path: setup.config.statePath), inputs: inbox, backlog: FrameBacklog(),
                              alarm: Alarm(), bells: ChannelBells([]), boards: boards, logger: logger), inbox, boards)
        }
    }

    /// A commit that fails (here: a trigger aborting outbox inserts, as a full disk would) loses
    /// nothing: the changes stay queued, the state is not flushed ahead of them, and once the
    /// database accepts writes again the notification lands in the outbox exactly once.
    @Test func aFailedCommitIsRetriedAndLosesNothing() async throws {
        let disk = try FullDisk()
        let (store, lines) = (disk.store, disk.lines)
        let (evaluator, continuation, boards) = disk.evaluator()
        let alarm = evaluator.alarm
        let running = Task { try await evaluator.run() }
        let ticking = Task { await alarm.run { continuation.yield(.tick) } }
        defer { running.cancel(); ticking.cancel() }

        continuation.yield(Self.fees(12))
        try await Self.wait { lines.all.contains { $0.contains("state store failed") } }
        #expect(boards.store.failing.keys.sorted() == [StateWriter.part])
        #expect(try store.outbox.entries(states: [.pending], limit: 10).isEmpty)
        // The evaluator does not wait for the store: later frames are still decoded.
        continuation.yield(Self.fees(13))
        try await Self.wait { boards.metrics.snapshot.contains { $0.metric == "fee.fastest" && $0.value == 13 } }
        // Retried every second, logged once: counted after the third failed attempt, which the
        // board counts (a fixed pause proved nothing when a slow machine had not retried yet).
        try await Self.wait { boards.store.errorsTotal >= 3 }
        #expect(lines.all.filter { $0.contains("state store failed") }.count == 1)
        #expect(try store.ruleStates.load()["fees-high"]?.status != .firing, "no state stored ahead of its notification")

        try disk.freed()
        try await Self.wait { try !store.outbox.entries(states: [.pending], limit: 10).isEmpty }
        try await Self.wait { boards.store.failing.isEmpty }
        #expect(lines.all.contains { $0.contains("state store recovered") })
        #expect(try store.ruleStates.load()["fees-high"]?.status == .firing)
        // Exactly once: a later frame's resolve is the sentinel. The writer stores in order, so
        // a second copy of the firing, from the retry or the frames that came meanwhile, would
        // be in the outbox before it.
        continuation.yield(Self.fees(4))
        try await Self.wait { try store.outbox.entries(states: [.pending], limit: 10).contains { $0.notification.status == .resolved } }
        let entries = try store.outbox.entries(states: [.pending, .sent, .dead], limit: 10).sorted { $0.id < $1.id }
        #expect(entries.map(\.notification.rule) == ["fees-high", "fees-high"])
        #expect(entries.map(\.notification.status) == [.firing, .resolved])
    }

    /// A stop while commits fail (a full disk) drops the failing commit and every write after it:
    /// the shutdown flush, which stores every rule's state and fits where the commit did not, must
    /// not record the rule as firing when its notification was never queued. The next start, on a
    /// file that works again, announces it.
    @Test func aStopWhileCommitsFailStoresNoStateAheadOfItsNotification() async throws {
        let disk = try FullDisk()
        let (store, lines) = (disk.store, disk.lines)
        let (first, firstInbox, _) = disk.evaluator()
        let running = Task { try await first.run() }
        firstInbox.yield(Self.fees(12))
        try await Self.wait { lines.all.contains { $0.contains("state store failed") } }
        running.cancel()
        try await running.value
        #expect(lines.all.contains { $0.contains("changes not stored at stop") })
        #expect(try store.ruleStates.load()["fees-high"]?.status != .firing, "no state stored ahead of its notification")

        try disk.freed()
        let (second, secondInbox, _) = disk.evaluator()
        let restarted = Task { try await second.run() }
        defer { restarted.cancel() }
        secondInbox.yield(Self.fees(12))
        try await Self.wait { try !store.outbox.entries(states: [.pending], limit: 10).isEmpty }
        let entries = try store.outbox.entries(states: [.pending], limit: 10)
        #expect(entries.map(\.notification.rule) == ["fees-high"])
        #expect(entries.map(\.notification.status) == [.firing])
    }
}
