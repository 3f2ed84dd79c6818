@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

/// The queue between the feeds and the evaluators of successive generations.
@Suite struct EvaluatorInboxTests {
    static func frame(_ text: String) -> EvaluatorInput {
        .frame(RecordedFrame(at: Timestamp(milliseconds: 0), feed: .mempool, text: text))
    }

    static func text(_ input: EvaluatorInput?) -> String? {
        if case .frame(let frame)? = input { return frame.text }
        return nil
    }

    /// A consumer cancelled while it waits (a generation stopping) takes nothing with it: what
    /// arrives afterwards, and what was queued, goes to the next consumer in order. (A minute's
    /// limit: a consumer that went on waiting would hang the test.)
    @Test(.timeLimit(.minutes(1))) func aCancelledConsumerLeavesEverythingForTheNext() async throws {
        let inbox = EvaluatorInbox()
        let waiting = Task { await inbox.next() }
        // Parked first, so the cancellation reaches a waiting consumer, not one that has yet to
        // ask (a fixed pause here let a slow machine test the already-cancelled case instead).
        try #require(try await Eventually.wait { inbox.hasWaitingConsumer })
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(!inbox.hasWaitingConsumer)
        inbox.yield(Self.frame("a"))
        inbox.yield(Self.frame("b"))
        #expect(Self.text(await inbox.next()) == "a")
        #expect(Self.text(await inbox.next()) == "b")
    }

    /// (A minute's limit: a consumer left waiting would hang the test.)
    @Test(.timeLimit(.minutes(1))) func aWaitingConsumerGetsTheNextInputAtOnce() async throws {
        let inbox = EvaluatorInbox()
        let waiting = Task { await inbox.next() }
        // Parked first, so the input is handed over, not queued for a consumer still to come.
        try #require(try await Eventually.wait { inbox.hasWaitingConsumer })
        inbox.yield(Self.frame("now"))
        #expect(!inbox.hasWaitingConsumer)
        #expect(Self.text(await waiting.value) == "now")
    }

    @Test func anAlreadyCancelledConsumerTakesNothing() async {
        let inbox = EvaluatorInbox()
        inbox.yield(Self.frame("kept"))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await inbox.next()
        }
        #expect(await cancelled.value == nil)
        #expect(Self.text(await inbox.next()) == "kept")
    }
}
