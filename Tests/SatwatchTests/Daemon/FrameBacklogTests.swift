@testable import SatwatchFeeds
import SatwatchTestSupport
import Synchronization
import Testing

/// Feeds hand the evaluator one frame at a time: the next waits until the last is evaluated.
@Suite struct FrameBacklogTests {
    @Test func theNextFrameWaitsForTheLastToBeEvaluated() async throws {
        let backlog = FrameBacklog()
        await backlog.admit()
        let admitted = Atomic(false)
        let second = Task {
            await backlog.admit()
            admitted.store(true, ordering: .sequentiallyConsistent)
        }
        // Whichever comes first: the second feed parked (only `done()` lets it on from there)
        // or let through. A fixed pause here passed on a slow machine before the task even ran.
        try #require(try await Eventually.wait { backlog.waitingFeeds == 1 || admitted.load(ordering: .sequentiallyConsistent) })
        let early = admitted.load(ordering: .sequentiallyConsistent)
        #expect(!early)
        #expect(backlog.waitingFeeds == 1)
        backlog.done()
        await second.value
        let late = admitted.load(ordering: .sequentiallyConsistent)
        #expect(late)
        #expect(backlog.inFlight == 1)
        #expect(backlog.waitingFeeds == 0)
        backlog.done()
        #expect(backlog.inFlight == 0)
    }

    /// A minute's limit: a feed that went on waiting would hang the test.
    @Test(.timeLimit(.minutes(1))) func aCancelledFeedStopsWaiting() async throws {
        let backlog = FrameBacklog()
        await backlog.admit()
        let waiting = Task { await backlog.admit() }
        // Parked first, so the cancellation reaches a waiting feed, not one that has yet to ask.
        try #require(try await Eventually.wait { backlog.waitingFeeds == 1 })
        waiting.cancel()
        // Returns although the first frame is still being evaluated.
        await waiting.value
        #expect(backlog.inFlight == 1)
        #expect(backlog.waitingFeeds == 0)
    }
}
