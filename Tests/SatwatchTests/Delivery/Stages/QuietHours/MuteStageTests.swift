import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchJSON
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Synchronization
import Testing

/// Quiet hours through the dispatcher against a real HTTP receiver and state file: a notification
/// due in a muted window is held, and when the window ends the channel hears the latest state only.
/// The window is built around the current time; the dispatcher's clock is moved past its end.
@Suite struct MuteStageTests {
    typealias Harness = DispatcherTests.Harness

    /// `hook` muted from the current UTC minute for ten minutes.
    static func quietHours(now: Timestamp) throws -> QuietHours {
        let time = { (t: Timestamp) in String(t.rfc3339.dropFirst(11).prefix(5)) }
        let json = #"{"time_intervals": {"now": [{"times": [{"start_time": "\#(time(now))", "end_time": "\#(time(now + .minutes(10)))"}]}]}}"#
        let log = DiagnosticLog()
        var root = try #require(ConfigObject(try JSONParser.parse(json, positions: true), path: "t.json", log: log))
        let parsed = root.timeIntervals()
        let intervals = try #require(parsed?.valid)
        #expect(log.diagnostics.isEmpty)
        return QuietHours(intervals: intervals, channels: ["hook": TimeIntervalSchedule(muteDuring: ["now"])], rules: [:])
    }

    static func queue(_ harness: Harness, _ status: SatwatchRules.Notification.Status, rule: String = "r", startsAt: Timestamp,
                      at: Timestamp) throws {
        let notification = SatwatchRules.Notification(rule: rule, status: status, metric: "btc.usd", value: 1, threshold: 1,
                                                    at: at, startsAt: startsAt, message: "m", channels: ["hook"])
        try harness.store.commit([RuleChange(rule: rule, state: RuleState(digest: "d"), notification: notification)], at: at)
    }

    static func states(_ harness: Harness) throws -> [String] {
        try harness.store.outbox.entries(states: [.pending, .sent, .dead, .silenced, .muted], limit: 100).sorted { $0.id < $1.id }
            .map { "\($0.notification.status.rawValue) \($0.state.rawValue)" }
    }

    /// Runs a dispatcher with `quiet` whose clock is `skip` ahead of the wall clock.
    /// How far the dispatcher's clock runs ahead of the wall clock.
    final class Skip: Sendable {
        private let value: Mutex<TimeSpan>
        init(_ span: TimeSpan) { value = Mutex(span) }
        var span: TimeSpan { value.withLock { $0 } }
        func set(_ span: TimeSpan) { value.withLock { $0 = span } }
    }

    static func dispatcher(_ harness: Harness, _ quiet: QuietHours, skip: Skip) -> Dispatcher {
        Dispatcher(stateFile: StateFile(path: harness.statePath), channels: harness.channels, policy: RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                   logger: Logger(level: .error, sink: { _ in }), plan: DeliveryPlan(quiet: quiet), clock: ProcessClock(reading: { WallClock.now() + skip.span }))
    }

    /// A receiver, a state file and a running dispatcher whose `hook` is muted from now for ten
    /// minutes, with its clock `ahead` of the wall clock; stop it with `task.cancel()`.
    static func start(ahead: TimeSpan = .zero) async throws
        -> (endpoint: HTTPPeer.Endpoint, harness: Harness, skip: Skip, dispatcher: Dispatcher, task: Task<Void, Never>, now: Timestamp) {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        let skip = Skip(ahead)
        let dispatcher = Self.dispatcher(harness, try Self.quietHours(now: now), skip: skip)
        return (endpoint, harness, skip, dispatcher, Task { await dispatcher.run() }, now)
    }

    private func waitUntil(_ done: () throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(60)
        while try !done(), Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        #expect(try done(), "timed out")
    }

    @Test func aFiringThatResolvedDuringTheWindowSendsNothing() async throws {
        let (endpoint, harness, skip, dispatcher, task, now) = try await Self.start(ahead: .zero)
        defer { task.cancel() }
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try await waitUntil { try harness.store.outbox.entries(states: [.pending], limit: 10).first?.heldUntil != nil }
        try Self.queue(harness, .resolved, startsAt: now, at: now + .seconds(1))
        skip.set(.minutes(15))
        dispatcher.bells.ringAll()
        try await waitUntil { try Self.states(harness) == ["firing muted", "resolved muted"] }
        #expect(try endpoint.requests().isEmpty)
    }

    @Test func anAlertStillFiringWhenTheWindowEndsIsSentThen() async throws {
        let (endpoint, harness, skip, dispatcher, task, now) = try await Self.start(ahead: .zero)
        defer { task.cancel() }
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try await waitUntil { try harness.store.outbox.entries(states: [.pending], limit: 10).first?.heldUntil != nil }
        // The hold is the dispatcher's decision not to send: recorded before anything could go,
        // with no attempt counted and the entry still pending.
        let held = try #require(try harness.store.outbox.entries(states: [.pending], limit: 10).first)
        #expect(try endpoint.requests().isEmpty, "held while muted")
        #expect(held.attempts == 0)
        #expect(held.nextAttemptAt == held.heldUntil)
        skip.set(.minutes(15))
        dispatcher.bells.ringAll()
        try await waitUntil { try Self.states(harness) == ["firing sent"] }
        #expect(try endpoint.requests().count == 1)
    }

    @Test func theResolveOfAFiringHeardBeforeTheWindowIsSentAfterIt() async throws {
        let (endpoint, harness, skip, dispatcher, task, now) = try await Self.start(ahead: .minutes(-30))
        defer { task.cancel() }
        try Self.queue(harness, .firing, startsAt: now - .minutes(30), at: now - .minutes(30))
        try await waitUntil { try Self.states(harness) == ["firing sent"] }
        skip.set(.zero)
        try Self.queue(harness, .resolved, startsAt: now - .minutes(30), at: now)
        dispatcher.bells.ringAll()
        try await waitUntil { try harness.store.outbox.entries(states: [.pending], limit: 10).first?.heldUntil != nil }
        skip.set(.minutes(15))
        dispatcher.bells.ringAll()
        try await waitUntil { try Self.states(harness) == ["firing sent", "resolved sent"] }
        #expect(try endpoint.requests().count == 2)
    }

    /// A channel delivers in order, so what queues behind a held entry waits out the window too
    /// and is judged the same way when it ends.
    @Test func entriesQueuedBehindAHeldOneAreJudgedAlike() async throws {
        let (endpoint, harness, skip, dispatcher, task, now) = try await Self.start(ahead: .zero)
        defer { task.cancel() }
        try Self.queue(harness, .firing, startsAt: now, at: now)
        try await waitUntil { try harness.store.outbox.entries(states: [.pending], limit: 10).first?.heldUntil != nil }
        try Self.queue(harness, .firing, rule: "passes", startsAt: now, at: now)
        try Self.queue(harness, .resolved, rule: "passes", startsAt: now, at: now + .seconds(1))
        skip.set(.minutes(15))
        dispatcher.bells.ringAll()
        try await waitUntil { try !Self.states(harness).contains { $0.hasSuffix("pending") } }
        #expect(try Self.states(harness) == ["firing sent", "firing muted", "resolved muted"])
        #expect(try endpoint.requests().count == 1)
    }
}
