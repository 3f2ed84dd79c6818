import SatwatchState
import Synchronization

/// Per-channel totals since start, for `/metrics`.
package final class DeliveryCounters: Sendable {
    /// One channel's totals.
    package struct Totals: Sendable, Equatable {
        /// Notifications delivered.
        package var sent = 0
        /// Failed attempts (each retry counts).
        package var failed = 0
        /// Entries given up on.
        package var dead = 0
        /// Entries a stage kept from the channel, by why (`silenced`, `muted`, …).
        package var kept: [String: Int] = [:]
        /// Entries a silence kept from the channel.
        package var silenced: Int { kept[OutboxState.silenced.rawValue, default: 0] }
        /// Entries held in a quiet window that were no longer the latest state when it ended.
        package var muted: Int { kept[OutboxState.muted.rawValue, default: 0] }
    }

    private let totals = Mutex<[String: Totals]>([:])

    /// Creates zeroed counters.
    package init() {}

    /// A snapshot of every channel's totals.
    package var snapshot: [String: Totals] { totals.withLock { $0 } }

    func record(_ channel: String, _ update: (inout Totals) -> Void) {
        totals.withLock { update(&$0[channel, default: Totals()]) }
    }
}
