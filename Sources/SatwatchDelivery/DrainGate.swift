import SatwatchBase
import Synchronization

/// Which deliveries are in flight, and the graceful phase of a shutdown: once closed, no new delivery attempt starts, and `close`
/// returns when the attempts in flight have finished and recorded their outcome (or when the
/// caller is cancelled). The daemon bounds that wait, then cancels whatever is left. A delivery
/// cut off by cancellation stays pending and goes out on the next start, so this phase only
/// spares receivers a duplicate.
package final class DrainGate: Sendable {
    private let state = Mutex((closing: false, inFlight: Set<Int64>()))
    private let idle = Doorbell()

    /// Creates an open gate.
    package init() {}

    /// Admits an attempt at the outbox entries `ids` (one message); false once the gate is closing.
    func enter(_ ids: [Int64]) -> Bool {
        state.withLock { state in
            guard !state.closing else { return false }
            state.inFlight.formUnion(ids)
            return true
        }
    }

    /// Marks the attempt at the entries `ids` finished (its outcome recorded or kept).
    func leave(_ ids: [Int64]) {
        if state.withLock({ state in state.inFlight.subtract(ids); return state.inFlight.isEmpty }) { idle.ring() }
    }

    /// The entries being attempted now: the expiry sweep leaves them to their own outcome.
    var inFlight: Set<Int64> { state.withLock { $0.inFlight } }

    /// Closes the gate and waits for the attempts in flight, or until cancelled.
    package func close() async {
        state.withLock { $0.closing = true }
        while state.withLock({ !$0.inFlight.isEmpty }), !Task.isCancelled {
            await idle.wait(for: .seconds(1))
        }
    }
}
