import Synchronization

/// The graceful phase of a shutdown: once closed, no new delivery attempt starts, and `close`
/// returns when the attempts in flight have finished and recorded their outcome (or when the
/// caller is cancelled). The daemon bounds that wait, then cancels whatever is left. A delivery
/// cut off by cancellation stays pending and goes out on the next start, so this phase only
/// spares receivers a duplicate.
public final class DrainGate: Sendable {
    private let state = Mutex((closing: false, inFlight: 0))
    private let idle = Doorbell()

    /// Creates an open gate.
    public init() {}

    /// Admits one attempt; false once the gate is closing.
    func enter() -> Bool {
        state.withLock { state in
            guard !state.closing else { return false }
            state.inFlight += 1
            return true
        }
    }

    /// Marks an admitted attempt finished.
    func leave() {
        if state.withLock({ state in state.inFlight -= 1; return state.inFlight == 0 }) { idle.ring() }
    }

    /// Closes the gate and waits for the attempts in flight, or until cancelled.
    func close() async {
        state.withLock { $0.closing = true }
        while state.withLock({ $0.inFlight > 0 }), !Task.isCancelled {
            await idle.wait(for: .seconds(1))
        }
    }
}
