/// How many deliveries of one channel are in each outbox state.
public struct OutboxCounts: Sendable, Equatable {
    /// Deliveries still to make.
    public var pending: Int
    /// Deliveries made (until pruned).
    public var sent: Int
    /// Deliveries given up.
    public var dead: Int
    /// Deliveries not made because a silence matched.
    public var silenced: Int
    /// Deliveries held in a quiet window and no longer the latest state when it ended.
    public var muted = 0

    /// Creates counts.
    public init(pending: Int = 0, sent: Int = 0, dead: Int = 0, silenced: Int = 0) {
        self.pending = pending
        self.sent = sent
        self.dead = dead
        self.silenced = silenced
    }
}
