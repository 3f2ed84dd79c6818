/// How many deliveries of one channel are in each outbox state.
package struct OutboxCounts: Sendable, Equatable {
    /// Deliveries still to make.
    package var pending: Int
    /// Deliveries made (until pruned).
    package var sent: Int
    /// Deliveries given up.
    package var dead: Int
    /// Deliveries a stage kept from the channel, by why (`silenced`, `muted`, …).
    package var kept: [String: Int] = [:]

    /// Creates counts.
    package init(pending: Int = 0, sent: Int = 0, dead: Int = 0, silenced: Int = 0) {
        self.pending = pending
        self.sent = sent
        self.dead = dead
        if silenced > 0 { kept[OutboxState.silenced.rawValue] = silenced }
    }

    /// Deliveries not made because a silence matched.
    package var silenced: Int { kept[OutboxState.silenced.rawValue, default: 0] }
    /// Deliveries held in a quiet window and no longer the latest state when it ended.
    package var muted: Int { kept[OutboxState.muted.rawValue, default: 0] }
}
