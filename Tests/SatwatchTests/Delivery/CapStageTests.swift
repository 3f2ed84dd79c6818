import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// `"max_per_hour"`: read and checked from a channel's config, at most N messages in any hour
/// (the rest kept as `capped`, a firing's resolve with it), and through the dispatcher to a real
/// receiver. The stage added after the pipeline: one source file, registered in one list.
@Suite struct CapStageTests {
    /// The stage reads nothing of the state file: a store never opened runs it.
    static let store = DeliveryStore(file: StateFile(path: ":memory:"))

    static func entry(_ id: Int64, rule: String, _ status: SatwatchRules.Notification.Status = .firing) -> OutboxEntry {
        let notification = SatwatchRules.Notification(rule: rule, status: status, metric: "m", value: 1, threshold: 1,
                                                      at: .epoch, startsAt: .epoch, message: "x", channels: ["pager"])
        return OutboxEntry(id: id, notification: notification, channel: "pager", state: .pending, attempts: 0,
                           nextAttemptAt: .epoch, createdAt: .epoch, updatedAt: .epoch, lastError: nil)
    }

    /// Two messages an hour: the third and fourth are capped; an hour after the first, one more
    /// goes, and then the next only once the second is an hour old.
    @Test func atMostNMessagesInAnyHour() async throws {
        let stage = CapStage(caps: ["pager": 2])
        let start = Timestamp(milliseconds: 10_000_000)
        var outcomes: [String] = []
        for (index, minutes) in [0, 10, 20, 59, 60, 61, 70].enumerated() {
            let now = start + .minutes(Int64(minutes))
            var pass = StagePass(channel: "pager", now: now, entries: [Self.entry(Int64(index), rule: "r\(index)")])
            pass = try await Self.store.apply([stage], to: pass)
            if pass.entries.isEmpty {
                outcomes.append(pass.kept.map { "\($0.keep.state) (\($0.keep.reason))" }.joined())
            } else {
                stage.sending(pass.entries, on: "pager", at: now)
                outcomes.append("sent")
            }
        }
        let capped = "capped (over max_per_hour 2)"
        #expect(outcomes == ["sent", "sent", capped, capped, "sent", capped, "sent"])
        // Another channel is never capped.
        var other = StagePass(channel: "other", now: start, entries: [Self.entry(9, rule: "x")])
        other = try await Self.store.apply([stage], to: other)
        #expect(other.entries.count == 1)
    }

    /// A capped firing takes its resolve along when both are in the pass.
    @Test func aCappedFiringTakesItsResolveAlong() async throws {
        let stage = CapStage(caps: ["pager": 1])
        stage.sending([Self.entry(1, rule: "before")], on: "pager", at: .epoch)
        var pass = StagePass(channel: "pager", now: .epoch + .minutes(1),
                             entries: [Self.entry(2, rule: "r"), Self.entry(3, rule: "r", .resolved)])
        pass = try await Self.store.apply([stage], to: pass)
        #expect(pass.kept.map(\.keep.state) == [CapStage.capped, CapStage.capped])
        #expect(pass.kept.map(\.keep.reason) == ["over max_per_hour 1", "its firing was capped"])
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
}
