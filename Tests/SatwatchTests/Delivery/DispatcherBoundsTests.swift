import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Synchronization
import Testing

/// Retry bounds and bounded state in the running dispatcher, against a real HTTP receiver and
/// a real state file (see `DispatcherTests.Harness`).
@Suite struct DispatcherBoundsTests {
    typealias Harness = DispatcherTests.Harness
    typealias Reply = HTTPPeer.Reply

    static func dispatcher(_ harness: Harness, policy: RetryPolicy = RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                           retention: TimeSpan = Config.defaultStateRetention, counters: DeliveryCounters = DeliveryCounters(),
                           clock: @escaping @Sendable () -> Timestamp = { WallClock.now() }) throws -> Dispatcher {
        Dispatcher(stateFile: StateFile(path: harness.statePath), channels: harness.channels, policy: policy, retention: retention,
                       logger: Logger(level: .error, sink: { _ in }), counters: counters, clock: ProcessClock(reading: clock))
    }

    /// A receiver asking for two days is tried again after `max_retry_after` (1 h) instead.
    @Test func retryAfterIsCappedAtMaxRetryAfter() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 429, headers: [["Retry-After", "172800"]])])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        try await DispatcherTests.run(Self.dispatcher(harness)) { try harness.entries().first?.attempts == 1 }
        let entry = try #require(try harness.entries().first)
        #expect(entry.state == .pending)
        #expect(entry.nextAttemptAt - entry.updatedAt == .hours(1))
    }

    /// A head parked by a long Retry-After (a cap the user raised to 48 h) does not keep the
    /// entries behind it, nor itself, alive past the max age: the sweep kills them on time.
    @Test func entriesBehindAParkedHeadDieOnTime() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 429, headers: [["Retry-After", "172800"]])])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, rule: "head", channels: ["hook"])
        try harness.queue(.firing, rule: "behind", channels: ["hook"])
        let skip = Mutex<TimeSpan>(.zero)
        let counters = DeliveryCounters()
        let policy = RetryPolicy(initialDelay: TimeSpan(milliseconds: 100), maxRetryAfter: .hours(48))
        let dispatcher = try Self.dispatcher(harness, policy: policy, counters: counters,
                                             clock: { WallClock.now() + skip.withLock { $0 } })
        try await DispatcherTests.run(dispatcher) {
            if try harness.entries().contains(where: { $0.attempts == 1 }) { skip.withLock { $0 = .hours(25) } }
            return try harness.entries().allSatisfy { $0.state == .dead }
        }
        #expect(try endpoint.requests().count == 1, "the parked head was not tried again")
        let reasons = try harness.entries().map { $0.lastError ?? "" }.sorted()
        #expect(reasons == ["not delivered within 1d (last error: HTTP 429 Too Many Requests)",
                            "not delivered within 1d (last error: none)"], "\(reasons)")
        // Counted right after the sweep's write, which the poll above may see first.
        let deadline = ContinuousClock.now + .seconds(20)
        while counters.snapshot["hook"]?.dead != 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(counters.snapshot["hook"]?.dead == 2)
    }

    /// At start the dispatcher prunes sent and dead entries older than the retention, and keeps
    /// recent and pending ones.
    @Test func oldFinishedEntriesArePrunedAtStart() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint(Array(repeating: Reply(status: 503), count: 50))
        let harness = try Harness(["hook": endpoint])
        let now = WallClock.now()
        for (index, age) in [40, 31, 29].enumerated() {
            let at = now - .hours(24 * Int64(age))
            let notification = SatwatchRules.Notification(rule: "r\(index)", status: .firing, metric: "fee.fastest", value: 12,
                                                        threshold: 10, at: at, startsAt: at, message: "m", channels: ["hook"])
            try harness.store.commit([RuleChange(rule: "r\(index)", state: RuleState(digest: "d"), notification: notification)], at: at)
            let id = try #require(try harness.entries().first { $0.notification.rule == "r\(index)" }?.id)
            if index == 0 { try harness.store.outbox.markDead(id: id, at: at, reason: "HTTP 404") } else { try harness.store.outbox.markSent(id: id, at: at) }
        }
        try harness.queue(.firing, rule: "waiting", channels: ["hook"])
        try await DispatcherTests.run(Self.dispatcher(harness, policy: RetryPolicy(initialDelay: .seconds(60)))) {
            try harness.entries().count == 2
        }
        #expect(try harness.entries().map(\.notification.rule).sorted() == ["r2", "waiting"])
    }

    /// `satwatch retry` writes from another process; the running dispatcher picks the entry
    /// up within seconds, not after its 30 s idle wait.
    @Test func aRetriedEntryIsPickedUpWithinSeconds() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 400, body: "bad payload")])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        let dispatcher = try Self.dispatcher(harness)
        let task = Task { await dispatcher.run() }
        defer { task.cancel() }
        let deadline = Date().addingTimeInterval(15)
        while try harness.entries().first?.state != .dead, Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        try #require(try harness.entries().first?.state == .dead)
        // The worker idles on its bell (up to 30 s) before the other process writes: a retry
        // written while it was still between passes would be picked up without the look-out.
        try #require(try await Eventually.wait { dispatcher.bells["hook"].isWaiting })
        let other = try StateStore.open(path: harness.statePath)
        #expect(try other.outbox.retryDead(.all, at: WallClock.now()).requeued == 1)
        let start = Date()
        while try harness.entries().first?.state != .sent, Date().timeIntervalSince(start) < 25 {
            try await Task.sleep(for: .milliseconds(50))
        }
        let waited = Date().timeIntervalSince(start)
        #expect(try harness.entries().first?.state == .sent)
        #expect(waited < 15, "picked up after \(waited) s")
    }
}
