@testable import SatwatchFeeds
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
        try await Task.sleep(for: .milliseconds(300))
        let early = admitted.load(ordering: .sequentiallyConsistent)
        #expect(!early)
        backlog.done()
        await second.value
        let late = admitted.load(ordering: .sequentiallyConsistent)
        #expect(late)
        #expect(backlog.inFlight == 1)
        backlog.done()
        #expect(backlog.inFlight == 0)
    }

    @Test func aCancelledFeedStopsWaiting() async throws {
        let backlog = FrameBacklog()
        await backlog.admit()
        let waiting = Task { await backlog.admit() }
        try await Task.sleep(for: .milliseconds(100))
        waiting.cancel()
        // Returns although the first frame is still being evaluated.
        await waiting.value
        #expect(backlog.inFlight == 1)
    }
}
