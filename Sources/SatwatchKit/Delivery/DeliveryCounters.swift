import Synchronization

/// Per-channel totals since start, for `/metrics`.
public final class DeliveryCounters: Sendable {
    /// One channel's totals.
    public struct Totals: Sendable, Equatable {
        /// Notifications delivered.
        public var sent = 0
        /// Failed attempts (each retry counts).
        public var failed = 0
        /// Entries given up on.
        public var dead = 0
        /// Entries a silence kept from the channel.
        public var silenced = 0
        /// Entries held in a quiet window that were no longer the latest state when it ended.
        public var muted = 0
    }

    private let totals = Mutex<[String: Totals]>([:])

    /// Creates zeroed counters.
    public init() {}

    /// A snapshot of every channel's totals.
    public var snapshot: [String: Totals] { totals.withLock { $0 } }

    func record(_ channel: String, _ update: (inout Totals) -> Void) {
        totals.withLock { update(&$0[channel, default: Totals()]) }
    }
}
