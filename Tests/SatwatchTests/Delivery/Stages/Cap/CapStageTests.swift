import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// `"max_per_hour"`: read and checked from a channel's config, at most N messages in any hour
/// (the rest kept as `capped`, a firing's resolve with it), counted from what the state file says
/// the receiver got, and through the dispatcher to a real receiver. The stage added after the
/// pipeline: one source file, registered in one list.
@Suite struct CapStageTests {
    /// A state file with a `pager` channel's outbox, and the dispatcher's store over it.
    struct CapFile {
        let store: StateStore
        let delivery: DeliveryStore

        init() throws {
            let path = try TestPaths.temporaryFolder().appendingPathComponent("state.db").path
            store = try StateStore.open(path: path)
            delivery = DeliveryStore(file: StateFile(path: path))
        }

        /// Queues a notification of `rule` on `channel` at `at` and returns its entry.
        @discardableResult
        func queue(_ rule: String, _ status: SatwatchRules.Notification.Status = .firing, at: Timestamp,
                   channel: String = "pager") throws -> OutboxEntry {
            let notification = SatwatchRules.Notification(rule: rule, status: status, metric: "m", value: 1, threshold: 1,
                                                          at: at, startsAt: .epoch, message: "x", channels: [channel])
            try store.commit([RuleChange(rule: rule, state: RuleState(digest: "d"), notification: notification)], at: at)
            return try #require(try store.outbox.pendingEntries(channel: channel).last)
        }

        /// Runs `stage` over `entries` at `now`: the entries still going are sent then (the
        /// receiver got them), the kept ones recorded; returns what became of each.
        func pass(_ stage: CapStage, _ entries: [OutboxEntry], at now: Timestamp) async throws -> [String] {
            var pass = StagePass(channel: entries[0].channel, now: now, entries: entries)
            try stage.apply(to: &pass, state: store)
            try await delivery.record(pass.records)
            for entry in pass.entries { try store.outbox.markSent(id: entry.id, at: now) }
            return entries.map { entry in
                pass.kept.first { $0.entry.id == entry.id }.map { "\($0.keep.state) (\($0.keep.reason))" } ?? "sent"
            }
        }
    }

    /// Two messages an hour: the third and fourth are capped; an hour after the first, one more
    /// goes, and then the next only once the second is an hour old.
    @Test func atMostNMessagesInAnyHour() async throws {
        let file = try CapFile()
        let stage = CapStage(caps: ["pager": 2])
        let start = Timestamp(milliseconds: 10_000_000)
        var outcomes: [String] = []
        for (index, minutes) in [0, 10, 20, 59, 60, 61, 70].enumerated() {
            let now = start + .minutes(Int64(minutes))
            outcomes += try await file.pass(stage, [file.queue("r\(index)", at: now)], at: now)
        }
        let capped = "capped (over max_per_hour 2)"
        #expect(outcomes == ["sent", "sent", capped, capped, "sent", capped, "sent"])
        // Another channel is never capped.
        #expect(try await file.pass(stage, [file.queue("x", at: start, channel: "other")], at: start) == ["sent"])
    }

    /// The cap counts messages the receiver got, as the state file has them: a group once, and
    /// neither a failed attempt (its entry waits for a retry, or died) nor a kept entry, nor what
    /// another channel got or this one got over an hour ago.
    @Test(arguments: [
        ("sent", 1), ("a group of three sent", 1), ("failed, retry due", 0), ("dead", 0), ("capped", 0),
        ("sent an hour ago", 0), ("sent on another channel", 0),
    ])
    func onlyWhatTheReceiverGotCounts(_ history: String, _ messages: Int) throws {
        let file = try CapFile()
        let now = Timestamp(milliseconds: 10_000_000)
        let channel = history == "sent on another channel" ? "other" : "pager"
        let entries = try (0..<(history.hasPrefix("a group") ? 3 : 1)).map { try file.queue("r\($0)", at: now, channel: channel) }
        // Formed while pending, as the dispatcher forms a group before sending it.
        if history.hasPrefix("a group") { try file.store.outbox.formBatches([entries.map(\.id)]) }
        for entry in entries {
            switch history {
            case "failed, retry due": try file.store.outbox.markRetry(id: entry.id, attempts: 1, nextAttemptAt: now, error: "HTTP 503", at: now)
            case "dead": try file.store.outbox.markDead(id: entry.id, at: now, reason: "HTTP 400")
            case "capped": _ = try file.store.outbox.markKept(id: entry.id, as: CapStage.capped, at: now, reason: "over max_per_hour 1")
            case "sent an hour ago": try file.store.outbox.markSent(id: entry.id, at: now - .hours(1))
            default: try file.store.outbox.markSent(id: entry.id, at: now)
            }
        }
        #expect(try file.store.outbox.sentMessageCount(channel: "pager", since: now - .hours(1)) == messages)
    }

    /// A capped firing takes its resolve along when both are in the pass.
    @Test func aCappedFiringTakesItsResolveAlong() async throws {
        let file = try CapFile()
        let stage = CapStage(caps: ["pager": 1])
        try file.store.outbox.markSent(id: file.queue("before", at: .epoch).id, at: .epoch)
        let now = Timestamp.epoch + .minutes(1)
        let outcomes = try await file.pass(stage, [file.queue("r", at: now), file.queue("r", .resolved, at: now)], at: now)
        #expect(outcomes == ["capped (over max_per_hour 1)", "capped (its firing was capped)"])
    }

    @Test(arguments: [
        (#""max_per_hour": 0"#, #""max_per_hour" must be a whole number from 1 to 1000000"#),
        (#""max_per_hour": 1.5"#, #""max_per_hour" must be a whole number from 1 to 1000000"#),
        (#""max_per_hour": "10""#, "expected a number, found a string"),
        (#""max_per_huor": 10"#, #"unknown key "max_per_huor" (did you mean "max_per_hour"?)"#),
    ])
    func settingsAreChecked(_ keys: String, _ problem: String) throws {
        let probe = try ChannelConfigProbe(#"{"type": "webhook", "url": "http://127.0.0.1:9/x", \#(keys)}"#)
        #expect(probe.problems.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") } == [problem])
    }

    /// Through the dispatcher to a real receiver: of five alerts on a channel capped at two an
    /// hour, two are sent and three kept as capped, visible in the outbox and the counters.
    @Test func theDispatcherSendsAtMostTheCap() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try DispatcherTests.Harness(["pager": endpoint], keys: #", "max_per_hour": 2"#)
        for index in 0..<5 { try harness.queue(.firing, rule: "r\(index)", at: Int64(index), channels: ["pager"]) }
        let counters = DeliveryCounters()
        let dispatcher = Dispatcher(stateFile: StateFile(path: harness.statePath), channels: harness.channels,
                                    policy: RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                                    logger: Logger(level: .error, sink: { _ in }), counters: counters, plan: harness.plan)
        // Until the counters have the last keep too: a pass records its keeps, then counts them.
        try await DispatcherTests.run(dispatcher) {
            try harness.store.outbox.entries(states: [.pending], limit: 10).isEmpty
                && counters.snapshot["pager"]?.kept[CapStage.capped.rawValue] == 3
        }
        let states = try harness.store.outbox.entries(states: [.sent, CapStage.capped], limit: 10).sorted { $0.id < $1.id }
        #expect(states.map(\.state) == [.sent, .sent, CapStage.capped, CapStage.capped, CapStage.capped])
        #expect(try endpoint.requests().count == 2)
        #expect(counters.snapshot["pager"]?.kept == ["capped": 3])
    }

    /// A failed attempt spends nothing of the cap: a receiver that answers 503 once still gets
    /// the one message a cap of one allows, on the retry.
    @Test func aFailedAttemptDoesNotCountAgainstTheCap() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([HTTPPeer.Reply(status: 503)])
        let harness = try DispatcherTests.Harness(["pager": endpoint], keys: #", "max_per_hour": 1"#)
        try harness.queue(.firing, rule: "r", channels: ["pager"])
        try await DispatcherTests.run(harness.dispatcher()) {
            try harness.store.outbox.entries(states: [.pending], limit: 10).isEmpty
        }
        #expect(try harness.store.outbox.entries(states: [.sent, CapStage.capped], limit: 10).map(\.state) == [.sent])
        #expect(try endpoint.requests().count == 2)
    }

    /// The count outlives the dispatcher: the one a reload or a restart makes caps the next
    /// message of the hour as the first would have.
    @Test func theCountSurvivesANewDispatcher() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try DispatcherTests.Harness(["pager": endpoint], keys: #", "max_per_hour": 1"#)
        try harness.queue(.firing, rule: "first", channels: ["pager"])
        try await DispatcherTests.run(harness.dispatcher()) { try harness.entries().first?.state == .sent }
        try harness.queue(.firing, rule: "second", channels: ["pager"])
        try await DispatcherTests.run(harness.dispatcher()) {
            try harness.store.outbox.entries(states: [.pending], limit: 10).isEmpty
        }
        let states = try harness.store.outbox.entries(states: [.sent, CapStage.capped], limit: 10).sorted { $0.id < $1.id }
        #expect(states.map { "\($0.notification.rule) \($0.state)" } == ["first sent", "second capped"])
        #expect(try endpoint.requests().count == 1)
    }
}
