import Foundation
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// Silences through the dispatcher against a real HTTP receiver and a real state file: what a
/// silence keeps from the channel, that a resolve follows its firing, and that a silence added or
/// expired while the dispatcher runs applies to the next entry.
@Suite struct SilenceStageTests {
    typealias Harness = DispatcherTests.Harness

    /// Queues a notification of rule `r` that fired at `startsAt`.
    static func queue(_ harness: Harness, _ status: SatwatchRules.Notification.Status, startsAt: Timestamp, at: Timestamp) throws {
        let notification = SatwatchRules.Notification(rule: "btc-above", status: status, metric: "btc.usd", value: 1, threshold: 1,
                                                    at: at, startsAt: startsAt, message: "m", channels: ["hook"])
        try harness.store.commit([RuleChange(rule: "btc-above", state: RuleState(digest: "d"), notification: notification)], at: at)
    }

    static func silence(_ harness: Harness, _ id: String, rule: String = "btc-*", from: Timestamp, for span: TimeSpan) throws {
        try harness.store.silences.add(Silence(id: id, matchers: [.rule(rule)], startsAt: from, endsAt: from + span, comment: "maintenance",
                                      author: "ops", createdAt: from))
    }

    static func states(_ harness: Harness) throws -> [String] {
        try harness.store.outbox.entries(states: [.pending, .sent, .dead, .silenced, .muted], limit: 100).sorted { $0.id < $1.id }
            .map { "\($0.notification.status.rawValue) \($0.state.rawValue)" }
    }

    @Test func aSilencedFiringAndItsResolveAreNotSent() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        try Self.silence(harness, "s1", from: now, for: .hours(1))
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try Self.queue(harness, .resolved, startsAt: now, at: now + .seconds(1))
        try await DispatcherTests.run(harness.dispatcher()) { try Self.states(harness).allSatisfy { $0.hasSuffix("silenced") } }
        #expect(try Self.states(harness) == ["firing silenced", "resolved silenced"])
        #expect(try endpoint.requests().isEmpty)
        let reasons = try harness.store.outbox.entries(states: [.silenced], limit: 10).compactMap(\.lastError).sorted()
        #expect(reasons == ["its firing was silenced", "silenced by s1 (maintenance)"])
    }

    @Test func aResolveFollowsItsSentFiringWhateverSilencesSayNow() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try await DispatcherTests.run(harness.dispatcher()) { try Self.states(harness) == ["firing sent"] }
        try Self.silence(harness, "s2", from: now, for: .hours(1))
        try Self.queue(harness, .resolved, startsAt: now, at: now + .seconds(1))
        try Self.queue(harness, .firing, startsAt: now + .seconds(2), at: now + .seconds(2))
        try await DispatcherTests.run(harness.dispatcher()) { try Self.states(harness).count == 3 && !Self.states(harness).contains { $0.hasSuffix("pending") } }
        #expect(try Self.states(harness) == ["firing sent", "resolved sent", "firing silenced"])
        #expect(try endpoint.requests().count == 2)
    }

    @Test func onlyMatchingRulesAndActiveSilencesApply() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        try Self.silence(harness, "other", rule: "eth-*", from: now, for: .hours(1))
        try Self.silence(harness, "later", from: now + .hours(1), for: .hours(1))
        try Self.silence(harness, "over", from: now - .hours(2), for: .hours(1))
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try await DispatcherTests.run(harness.dispatcher()) { try Self.states(harness) == ["firing sent"] }
    }

    @Test func aSilenceExpiredWhileRunningLetsTheNextEntryThrough() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        try Self.silence(harness, "s3", from: now, for: .hours(1))
        let dispatcher = try harness.dispatcher()
        let task = Task { await dispatcher.run() }
        defer { task.cancel() }
        // Rung as the evaluator's writer rings after a commit: the dispatcher's idle wait is 30 s.
        try Self.queue(harness, .firing, startsAt: now, at: now)
        dispatcher.bells.ring(["hook"])
        try await waitUntil { try Self.states(harness) == ["firing silenced"] }
        #expect(try harness.store.silences.expire(id: "s3", at: WallClock.now()))
        try Self.queue(harness, .firing, startsAt: now + .seconds(5), at: now + .seconds(5))
        dispatcher.bells.ring(["hook"])
        try await waitUntil { try Self.states(harness) == ["firing silenced", "firing sent"] }
        #expect(try endpoint.requests().count == 1)
    }

    private func waitUntil(_ done: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while try !done(), Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        #expect(try done(), "timed out")
    }
}
