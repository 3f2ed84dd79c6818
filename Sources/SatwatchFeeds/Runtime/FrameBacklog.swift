import Synchronization

/// Frames handed to the evaluator and not evaluated yet, for one generation: at most one. A feed
/// waits for the evaluator before handing over its next frame, so a feed faster than evaluation
/// is slowed down (its WebSocket then stops reading the socket and TCP slows the server) instead
/// of queueing frames in memory without bound. Measured: 100 frames of 1 MiB sent at once
/// peaked at +4 MB (RSS) this way, +88 MB through an unbounded queue, and went through as fast.
package final class FrameBacklog: Sendable {
    private struct State {
        var inFlight = 0
        var nextID = 0
        /// Feeds waiting for their turn, first come first served.
        var waiting: [(id: Int, resume: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// An empty backlog: nothing in flight, nobody waiting.
    package init() {}

    /// Frames handed over and not evaluated yet.
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// Feeds parked until the frame in flight is evaluated: what shows a test that a feed is
    /// waiting, rather than not yet scheduled, before it checks what a waiting feed must not do.
    var waitingFeeds: Int { state.withLock { $0.waiting.count } }

    /// Waits until every frame handed over before has been evaluated, then counts one more.
    /// Returns at once when the task is cancelled (the generation is stopping).
    func admit() async {
        let id: Int? = state.withLock { state in
            if state.inFlight == 0 {
                state.inFlight = 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (resume: CheckedContinuation<Void, Never>) in
                let admitted = state.withLock { state in
                    if Task.isCancelled { return true }
                    if state.inFlight == 0 {
                        state.inFlight = 1
                        return true
                    }
                    state.waiting.append((id, resume))
                    return false
                }
                if admitted { resume.resume() }
            }
        } onCancel: {
            // Let go at once: the generation is stopping, and its backlog with it.
            let waiter = state.withLock { state in
                state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0) }
            }
            waiter?.resume.resume()
        }
    }

    /// A frame was evaluated: the next waiting feed, if any, goes on.
    package func done() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            state.inFlight = max(0, state.inFlight - 1)
            guard state.inFlight == 0, !state.waiting.isEmpty else { return nil }
            state.inFlight = 1
            return state.waiting.removeFirst().resume
        }
        next?.resume()
    }
}
