import Foundation
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The dispatcher when the state file fails under it (here: a trigger aborting outbox updates
/// the way a full disk does), against a real receiver.
@Suite struct DispatcherStoreFaultTests {
    typealias Harness = DispatcherTests.Harness

    static let fullDisk = """
        CREATE TRIGGER full_disk BEFORE UPDATE ON outbox BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
        """

    /// Before: the failed `markSent` left the entry pending and it was POSTed again at once, about
    /// 1,900 times a second. Now the outcome is kept and recorded once the store recovers.
    @Test func aDeliveryWhoseOutcomeCannotBeRecordedIsNotSentAgain() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint])
        try harness.queue(.firing, channels: ["hook"])
        try harness.store.connection.execute(Self.fullDisk)
        let health = StoreHealthBoard(logger: Logger(level: .error, sink: { _ in }))
        let dispatcher = Dispatcher(stateFile: StateFile(path: harness.statePath), channels: harness.channels,
                                        policy: RetryPolicy(initialDelay: TimeSpan(milliseconds: 100)),
                                        logger: Logger(level: .error, sink: { _ in }), storeHealth: health)
        let task = Task { await dispatcher.run() }
        defer { task.cancel() }
        let deadline = Date().addingTimeInterval(15)
        while health.failing.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(health.failing.keys.sorted() == ["deliveries to hook"])
        // Three more failed records of the outcome, each after a back-off (0.1, 0.2, 0.4 s, …
        // doubling): a worker that sent again would have sent between them. However late this
        // task looks, a dozen failures take the back-off minutes; a worker in a loop makes them
        // within a millisecond (it POSTed about 1,900 times a second before the fix).
        while health.errorsTotal < 4, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let failures = health.errorsTotal
        #expect((4...12).contains(failures), "the record is retried on the back-off schedule, not in a loop")
        #expect(try endpoint.requests().count == 1)

        try harness.store.connection.execute("DROP TRIGGER full_disk")
        while try harness.entries().first?.state != .sent, Date() < deadline + 10 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try harness.entries().first?.state == .sent)
        // The worker clears its failure when it resumes after the write, a moment later.
        while !health.failing.isEmpty, Date() < deadline + 20 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(health.failing.isEmpty)
        #expect(try endpoint.requests().count == 1)
        #expect(try harness.entries().map(\.attempts) == [1])
    }
}
