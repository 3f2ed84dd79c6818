import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Synchronization
import Testing

/// The shared retry stage against a real HTTP receiver (`http_peer.py`) through real webhook
/// channels built from a config, with a real SQLite outbox.
@Suite struct DispatcherTests {
    typealias Reply = HTTPPeer.Reply

    /// A state file, webhook channels named after `endpoints`, and a store to queue with.
    struct Harness {
        let folder: URL
        let store: StateStore
        let channels: [String: any Channel]
        let plan: DeliveryPlan
        var statePath: String { folder.appendingPathComponent("state.db").path }

        /// `keys` are added to every channel's settings (e.g. `, "group": {…}`).
        init(_ endpoints: [String: HTTPPeer.Endpoint], keys: String = "") throws {
            folder = try TestPaths.temporaryFolder()
            let channelJSON = endpoints.map { #""\#($0.key)": {"type": "webhook", "url": "\#($0.value.url())", "timeout": "2s"\#(keys)}"# }
            try #"{"state": "state.db", "rules": [], "channels": {\#(channelJSON.joined(separator: ","))}}"#
                .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
            let (setup, problems) = Setup.load(path: folder.appendingPathComponent("satwatch.json").path,
                                               environment: [:], logger: Logger(level: .error, sink: { _ in }))
            #expect(problems.isEmpty, "\(problems)")
            channels = setup!.config.channels
            plan = setup!.deliveryPlan
            store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        }

        /// Queues a notification for `channels` as the evaluator does.
        func queue(_ status: SatwatchRules.Notification.Status, rule: String = "r", at seconds: Int64 = 0, channels: [String]) throws {
            let at = WallClock.now()
            let notification = SatwatchRules.Notification(rule: rule, status: status, metric: "fee.fastest", value: 12, threshold: 10,
                                            at: at + .seconds(seconds), startsAt: at, message: "m", channels: channels)
            try store.commit([RuleChange(rule: rule, state: RuleState(digest: "d"), notification: notification)], at: at)
        }

        func dispatcher(policy: RetryPolicy = RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                        clock: @escaping @Sendable () -> Timestamp = { WallClock.now() }) throws -> Dispatcher {
            Dispatcher(stateFile: StateFile(path: statePath), channels: channels, policy: policy, logger: Logger(level: .error, sink: { _ in }),
                       plan: plan, clock: ProcessClock(reading: clock))
        }

        func entries() throws -> [OutboxEntry] { try store.outbox.entries(states: [.pending, .sent, .dead], limit: 100) }
    }

    /// Runs `dispatcher` until `done` holds (or 15 s), then stops it.
    static func run(_ dispatcher: Dispatcher, until done: () throws -> Bool) async throws {
        let task = Task { await dispatcher.run() }
        defer { task.cancel() }
        // Far above what any of these takes unloaded (under 3 s): a loaded two-core machine has
        // taken over 15 s to get a retry, the parked head's expiry sweep, through.
        let deadline = Date().addingTimeInterval(60)
        while try !done(), Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        #expect(try done(), "timed out")
        // Stopped and waited for: whatever it sent has arrived, and nothing more can, so a test
        // counts the requests at once instead of after a pause.
        task.cancel()
        await task.value
    }

    @Test func serverErrorThenSuccessDeliversOnceAfterRetrying() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 500)])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        try await Self.run(harness.dispatcher()) { try harness.entries().first?.state == .sent }
        #expect(try endpoint.requests().count == 2)
        #expect(try harness.entries().map(\.attempts) == [2])
    }

    @Test func tooManyRequestsWaitsForRetryAfter() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 429, headers: [["Retry-After", "3"]])])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        try await Self.run(harness.dispatcher()) { try harness.entries().first?.state == .sent }
        // Timed by the receiver, which stamps each request as it arrives: the worker has the 429
        // only after the first arrived, and waits 3 s from then. (A test polling for the requests
        // sees the first one late when the machine is loaded, so its own clock reads the wait short.)
        let times = try endpoint.requests().map(\.receivedAt).sorted()
        try #require(times.count == 2)
        #expect(times[1] - times[0] >= 3, "second attempt \(times[1] - times[0]) s after the first")
    }

    @Test func clientErrorIsDeadWithoutRetry() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 400, body: "bad payload")])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        try await Self.run(harness.dispatcher()) { try harness.entries().first?.state == .dead }
        #expect(try endpoint.requests().count == 1)
        let entry = try #require(try harness.entries().first)
        #expect(entry.lastError == "HTTP 400 Bad Request: bad payload")
    }

    @Test func aFailingChannelNeverDelaysAnotherAndOrderHoldsPerChannel() async throws {
        let broken = try await HTTPPeer.shared().endpoint(Array(repeating: Reply(status: 503), count: 50))
        let healthy = try await HTTPPeer.shared().endpoint()
        let harness = try Harness(["broken": broken, "healthy": healthy])
        try harness.queue(.firing, at: 0, channels: ["broken", "healthy"])
        try harness.queue(.resolved, at: 1, channels: ["broken", "healthy"])
        try await Self.run(harness.dispatcher()) { try healthy.requests().count == 2 }
        let statuses = try healthy.requests().map { try JSONSerialization.jsonObject(with: Data($0.body)) as! [String: Any] }
            .map { $0["status"] as! String }
        #expect(statuses == ["firing", "resolved"])
        #expect(try broken.requests().allSatisfy { $0.body.count > 0 })
        // The broken channel's resolve waits behind its firing: never delivered out of order.
        #expect(try harness.entries().filter { $0.channel == "broken" }.map(\.state) == [.pending, .pending])
    }

    @Test func pendingEntriesResumeAfterARestart() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Reply(status: 502), Reply(status: 502)])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        // The first dispatcher's clock stands still, so its retry (1 s after the first attempt)
        // never comes due however late this test notices the first request: it sends once.
        let stopped = WallClock.now()
        try await Self.run(harness.dispatcher(policy: RetryPolicy(initialDelay: .seconds(1)), clock: { stopped })) {
            try endpoint.requests().count == 1
        }
        // A new dispatcher (as after a restart) opens the same file: the entry is still pending and
        // is retried once its scheduled time (about a second after the first attempt) comes.
        #expect(try harness.entries().first?.state == .pending)
        try await Self.run(harness.dispatcher(policy: RetryPolicy(initialDelay: TimeSpan(milliseconds: 50)))) {
            try harness.entries().first?.state == .sent
        }
        #expect(try endpoint.requests().count == 3)
    }

    @Test func entriesOlderThanMaxAgeBecomeDead() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint(Array(repeating: Reply(status: 500), count: 50))
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        // The dispatcher's clock jumps past the max age once the first attempt has failed, so
        // the outcome does not depend on how soon a loaded machine runs that attempt (an age of
        // seconds could pass before the first attempt on a busy machine).
        let skip = Mutex<TimeSpan>(.zero)
        let policy = RetryPolicy(initialDelay: TimeSpan(milliseconds: 100), maxAge: .hours(1))
        let dispatcher = try harness.dispatcher(policy: policy, clock: { WallClock.now() + skip.withLock { $0 } })
        try await Self.run(dispatcher) {
            if try endpoint.requests().count >= 1 { skip.withLock { $0 = .hours(2) } }
            return try harness.entries().first?.state == .dead
        }
        let reason = try harness.entries().first?.lastError ?? ""
        #expect(reason.hasPrefix("not delivered within 1h (last error: HTTP 500"), "\(reason)")
    }
}
