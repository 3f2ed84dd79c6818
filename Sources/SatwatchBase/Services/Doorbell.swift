import Dispatch
import Synchronization

/// Wakes a sleeping worker: `ring()` from anywhere; `wait(for:)` returns on the first ring (or a
/// ring that came while nobody waited) or after the timeout, whichever is first. No polling: the
/// evaluator rings right after it commits, so a notification leaves within the same millisecond.
///
/// A wait is one continuation, resumed by the ring or by the bell's own timer. (It was a task
/// group of two children, the ring's and a `Task.sleep`: each wait made two tasks and armed a
/// timer, and each ring woke a pool thread for the child before the waiter itself.) The timer is
/// re-armed only when a wait ends before the time it is set for; a wait that ends later (a
/// worker's next idle wait, a little after the last) keeps it, and when it fires early it is set
/// again for the waiter's own time. Arming a timer wakes libdispatch's timer thread, which on
/// two cores competes with the alert path.
package final class Doorbell: Sendable {
    private struct State {
        var rung = false
        /// The waiting task and when its wait ends.
        var waiter: (continuation: CheckedContinuation<Void, Never>, until: DispatchTime)?
        /// When the timer fires next; nil: not armed.
        var armed: DispatchTime?
    }

    private let state = Mutex(State())
    /// A dispatch source is safe to use from any thread; Linux's Dispatch does not say so.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer
    /// Where every bell's timer fires: it only resumes a continuation.
    private static let timerQueue = DispatchQueue(label: "satwatch.doorbell")

    /// Creates a silent doorbell.
    package init() {
        timer = DispatchSource.makeTimerSource(queue: Self.timerQueue)
        timer.setEventHandler { [weak self] in self?.timerFired() }
        timer.activate()
    }

    deinit { timer.cancel() }

    /// Wakes the waiter, or makes the next `wait` return at once.
    package func ring() { takeWaiter(ringing: true)?.resume() }

    /// Whether a task waits now: what shows a test that a ring or a cancellation comes during a
    /// wait, not before it.
    var isWaiting: Bool { state.withLock { $0.waiter != nil } }

    /// Waits for a ring or `timeout`, whichever comes first; returns at once when cancelled. On
    /// the caller's executor: an actor's task that waits does not hop off the actor to do so.
    nonisolated(nonsending) package func wait(for timeout: TimeSpan) async {
        if state.withLock({ state in defer { state.rung = false }; return state.rung }) { return }
        guard timeout.milliseconds > 0 else { return }
        let until = timeout.fromNow
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled { return true }
                    state.waiter = (continuation, until)
                    if state.armed.map({ until < $0 }) ?? true { arm(&state, at: until) }
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            takeWaiter(ringing: false)?.resume()
        }
        state.withLock { $0.rung = false }
    }

    /// Takes the waiting task's continuation, if any; `ringing`: and remembers the ring for the
    /// next wait when nobody waits.
    private func takeWaiter(ringing: Bool) -> CheckedContinuation<Void, Never>? {
        state.withLock { state in
            if ringing { state.rung = true }
            defer { state.waiter = nil }
            return state.waiter?.continuation
        }
    }

    /// Resumes a waiter whose time has come; otherwise sets the timer for the waiter's time.
    private func timerFired() {
        let now = DispatchTime.now()
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.armed = nil
            guard let waiter = state.waiter else { return nil }
            guard waiter.until <= now else {
                arm(&state, at: waiter.until)
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }?.resume()
    }

    /// Sets the timer for `time`. Under the lock, so two waits in a row cannot set it out of
    /// order; setting it only queues the change, it never runs the handler here.
    private func arm(_ state: inout State, at time: DispatchTime) {
        state.armed = time
        timer.schedule(deadline: time, leeway: .milliseconds(1))
    }
}
