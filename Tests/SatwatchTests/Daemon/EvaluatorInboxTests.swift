@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
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
    /// arrives afterwards, and what was queued, goes to the next consumer in order.
    @Test func aCancelledConsumerLeavesEverythingForTheNext() async {
        let inbox = EvaluatorInbox()
        let waiting = Task { await inbox.next() }
        try? await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await waiting.value == nil)
        inbox.yield(Self.frame("a"))
        inbox.yield(Self.frame("b"))
        #expect(Self.text(await inbox.next()) == "a")
        #expect(Self.text(await inbox.next()) == "b")
    }

    @Test func aWaitingConsumerGetsTheNextInputAtOnce() async {
        let inbox = EvaluatorInbox()
        let waiting = Task { await inbox.next() }
        try? await Task.sleep(for: .milliseconds(50))
        inbox.yield(Self.frame("now"))
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
