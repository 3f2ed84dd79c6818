@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// `moveTimeline`: a stopping worker whose wall clock stepped moves the times it measures from
/// onto the wall clock, so the next start reads them as the same instants.
@Suite struct StateTimelineTests {
    @Test(arguments: [TimeSpan.days(1), .hours(-1), .seconds(-60)])
    func everyMeasuredTimeMovesTogether(_ offset: TimeSpan) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        defer { store.close() }
        let queued = Timestamp(milliseconds: 1_765_375_320_000)
        try StateFixtures.enqueue(StateFixtures.notification("n1", at: queued.milliseconds, channels: ["hook"]), in: store,
                                  at: queued.milliseconds)
        let queuedEntry = try #require(try store.outbox.entries(states: [.pending], limit: 10).first)
        #expect(try store.outbox.markRetry(id: queuedEntry.id, attempts: 1, nextAttemptAt: queued + .seconds(2), error: "HTTP 503",
                                           at: queued + .seconds(1)))

        try store.moveTimeline(by: offset)

        let entry = try #require(try store.outbox.entries(states: [.pending], limit: 10).first)
        #expect(entry.createdAt == queued + offset)
        #expect(entry.nextAttemptAt == queued + .seconds(2) + offset)
        #expect(entry.notification.at == queued + offset)
        #expect(entry.notification.startsAt == queued + offset)
        let state = try #require(try store.ruleStates.load()["btc-above-100k"])
        #expect(state.activeSince == queued + offset)
        #expect(state.lastNotifiedAt == queued + offset)
        // A delivery's age and its wait are what they were.
        #expect(entry.nextAttemptAt - entry.createdAt == .seconds(2))
    }
}
