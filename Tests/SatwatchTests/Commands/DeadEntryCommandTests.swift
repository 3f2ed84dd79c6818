import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// `satwatch retry` and `satwatch purge` against a real state file, output captured.
@Suite struct DeadEntryCommandTests {
    /// A config with one `console` channel and a state file holding two dead deliveries (#1, #2)
    /// and a pending one (#3), as a worker would have left them.
    static func setup() throws -> (config: String, store: StateStore) {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": []}"#)
        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        for (index, rule) in ["a", "b", "c"].enumerated() {
            let at = WallClock.now() - .hours(Int64(3 - index))
            let notification = SatwatchRules.Notification(rule: rule, status: .firing, metric: "fee.fastest", value: 12, threshold: 10,
                                                        at: at, startsAt: at, message: "m", channels: ["console"])
            try store.commit([RuleChange(rule: rule, state: RuleState(digest: "d"), notification: notification)], at: at)
            if rule != "c" { try store.outbox.markDead(id: Int64(index + 1), at: at, reason: "HTTP 404") }
        }
        return (folder.appendingPathComponent("satwatch.json").path, store)
    }

    static func run(_ arguments: [String]) async -> (Int32, CapturedIO) {
        let captured = CapturedIO()
        return (await SatwatchCommandLine.run(arguments, io: captured.io), captured)
    }

    @Test(arguments: [
        (["#2"], "put 1 dead delivery back in the queue", [2]),
        (["1"], "put 1 dead delivery back in the queue", [1]),
        (["--channel", "console"], "put 2 dead deliveries back in the queue", [1, 2]),
        (["--dead"], "put 2 dead deliveries back in the queue", [1, 2]),
    ] as [([String], String, [Int64])])
    func retryPutsDeadDeliveriesBack(_ arguments: [String], _ message: String, _ retried: [Int64]) async throws {
        let (config, store) = try Self.setup()
        let before = WallClock.now()
        let (status, captured) = await Self.run(["retry"] + arguments + ["--config", config])
        #expect(status == 0, "\(captured.err)")
        #expect(captured.out == [message])
        let fresh = try store.outbox.entries(states: [.pending]).filter { $0.createdAt >= before }
        #expect(fresh.map(\.id).sorted() == retried)
        #expect(fresh.allSatisfy { $0.attempts == 0 && $0.lastError == nil && $0.nextAttemptAt >= before })
        #expect(try store.outbox.counts()["console"]?.dead == 2 - retried.count)
    }

    @Test func retryingAnEntryThatIsNotDeadFails() async throws {
        let (config, _) = try Self.setup()
        let (status, captured) = await Self.run(["retry", "3", "--config", config])
        #expect(status == 1)
        #expect(captured.err == ["satwatch retry: no dead delivery #3 (see 'satwatch status')"])
    }

    /// When `a`'s resolve was sent after its dead firing (#1), retrying #1 would leave the
    /// receiver with "firing" as the alert's last word: it stays dead, and `retry` says why.
    @Test func aDeadFiringWhoseResolveWentOutStaysDead() async throws {
        let (config, store) = try Self.setup()
        let at = WallClock.now()
        let resolve = SatwatchRules.Notification(rule: "a", status: .resolved, metric: "fee.fastest", value: 4, threshold: 10,
                                                 at: at, startsAt: at - .hours(3), message: "m", channels: ["console"])
        try store.commit([RuleChange(rule: "a", state: RuleState(digest: "d"), notification: resolve)], at: at)
        try store.outbox.markSent(id: 4, at: at)
        let (single, singleIO) = await Self.run(["retry", "1", "--config", config])
        #expect(single == 1)
        #expect(singleIO.err == ["satwatch retry: delivery #1 stays dead: a later notification of the same alert was sent after it"])
        let (status, captured) = await Self.run(["retry", "--dead", "--config", config])
        #expect(status == 0, "\(captured.err)")
        #expect(captured.out == ["put 1 dead delivery back in the queue; skipped 1 superseded by a later notification of the same alert, already sent"])
        #expect(try store.outbox.entries(states: [.dead]).map(\.id) == [1])
    }

    @Test func purgeDeletesDeadDeliveriesSoTheGaugeCanReturnToZero() async throws {
        let (config, store) = try Self.setup()
        let (kept, keptIO) = await Self.run(["purge", "--dead", "--older-than", "150m", "--config", config])
        #expect(kept == 0)
        #expect(keptIO.out == ["deleted 1 dead delivery"])
        #expect(try store.outbox.notification(id: store.outbox.entries(states: [.pending]).first!.notification.id) != nil)
        let (status, captured) = await Self.run(["purge", "--dead", "--config", config])
        #expect(status == 0)
        #expect(captured.out == ["deleted 1 dead delivery"])
        #expect(try store.outbox.counts() == ["console": OutboxCounts(pending: 1)])
        #expect(try store.connection.prepare("SELECT count(*) FROM notification").single { $0.int(0) } == 1)
    }

    @Test(arguments: [
        (["retry"], "satwatch retry: name what to retry: a delivery ID, --channel C or --dead (exactly one)"),
        (["retry", "1", "--dead"], "satwatch retry: name what to retry: a delivery ID, --channel C or --dead (exactly one)"),
        (["retry", "x1"], "satwatch retry: expected a delivery ID, found \"x1\""),
        (["retry", "--channel", "nope"], "satwatch retry: unknown channel \"nope\" (configured: console)"),
        (["purge"], "satwatch purge: purge deletes dead deliveries: pass --dead"),
        (["purge", "--dead", "--older-than", "soon"], "satwatch purge: invalid duration \"soon\" for --older-than (use e.g. 12h, 7d)"),
        (["purge", "--dead", "extra"], "satwatch purge: unexpected argument \"extra\""),
    ] as [([String], String)])
    func usageErrorsExit2(_ arguments: [String], _ message: String) async throws {
        let (config, _) = try Self.setup()
        let (status, captured) = await Self.run(arguments + ["--config", config])
        #expect(status == 2)
        #expect(captured.err.first == message)
    }
}
