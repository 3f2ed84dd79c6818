import SatwatchFeeds
import Synchronization

/// The evaluator's input queue. It outlives generations: feeds keep running through a reload and
/// what they send while one evaluator stops and the next starts waits here, in order, for the
/// next one. (An `AsyncStream` would end, dropping its buffer, when its consumer is cancelled.)
package final class EvaluatorInbox: Sendable {
    private struct State {
        var items: [EvaluatorInput] = []
        var head = 0
        var waiter: CheckedContinuation<EvaluatorInput?, Never>?
    }

    private let state = Mutex(State())

    /// An empty inbox with no consumer waiting.
    package init() {}

    /// Queues `input`, or hands it to the waiting consumer.
    package func yield(_ input: EvaluatorInput) {
        let waiter = state.withLock { state -> CheckedContinuation<EvaluatorInput?, Never>? in
            guard let waiter = state.waiter else {
                state.items.append(input)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: input)
    }

    /// Whether a consumer is parked in `next()` waiting for input: what shows a test that the
    /// consumer waits, rather than not yet scheduled, before it yields or cancels.
    var hasWaitingConsumer: Bool { state.withLock { $0.waiter != nil } }

    /// The oldest input, waiting for one when there is none; nil once the calling task is
    /// cancelled, leaving everything queued for the next consumer. One consumer at a time.
    package func next() async -> EvaluatorInput? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<EvaluatorInput?, Never>) in
                let ready = state.withLock { state -> EvaluatorInput?? in
                    if Task.isCancelled { return .some(nil) }
                    if state.head < state.items.count {
                        let input = state.items[state.head]
                        state.head += 1
                        if state.head == state.items.count { state.items.removeAll(keepingCapacity: true); state.head = 0 }
                        return .some(input)
                    }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { state -> CheckedContinuation<EvaluatorInput?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: nil)
        }
    }
}

/// What the evaluator reacts to.
package enum EvaluatorInput: Sendable {
    /// A frame from a feed (a response page, for Coin Metrics).
    case frame(RecordedFrame)
    /// The alarm: something may be due.
    case tick
}
