import Synchronization

/// The end of a thread of our own (the HTTP server's, a WebSocket connection's), awaited without
/// blocking: the thread calls `finish()` once it has released everything; `wait()` suspends until
/// then (or returns at once after it).
final class ThreadCompletion: Sendable {
    private struct State {
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Called once by the thread as its last act.
    func finish() {
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `finish()` was called.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                if !state.finished { state.waiters.append(continuation) }
                return state.finished
            }
            if finished { continuation.resume() }
        }
    }
}
