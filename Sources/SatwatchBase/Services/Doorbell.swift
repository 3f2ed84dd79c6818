import Synchronization

/// Wakes a sleeping worker: `ring()` from anywhere; `wait(for:)` returns on the first ring (or a
/// ring that came while nobody waited) or after the timeout, whichever is first. No polling: the
/// evaluator rings right after it commits, so a notification leaves within the same millisecond.
package final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// Creates a silent doorbell.
    package init() {}

    /// Wakes the waiter, or makes the next `wait` return at once.
    package func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.rung = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Waits for a ring or `timeout`, whichever comes first; returns at once when cancelled.
    package func wait(for timeout: TimeSpan) async {
        if state.withLock({ state in defer { state.rung = false }; return state.rung }) { return }
        guard timeout.milliseconds > 0 else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: timeout.duration) }
            group.addTask { await self.waitForRing() }
            await group.next()
            group.cancelAll()
            self.cancelWaiter()
        }
        state.withLock { $0.rung = false }
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            cancelWaiter()
        }
    }

    private func cancelWaiter() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }?.resume()
    }
}
