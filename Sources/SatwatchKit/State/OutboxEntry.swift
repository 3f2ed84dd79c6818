/// One delivery of a notification to one channel, as the outbox holds it.
public struct OutboxEntry: Sendable, Equatable {
    /// Row id: increases with insertion order, which is the delivery order within a channel.
    public var id: Int64
    /// The notification to deliver (with every channel it goes to).
    public var notification: Notification
    /// The channel this delivery goes to.
    public var channel: String
    /// Pending, sent or dead.
    public var state: OutboxState
    /// Delivery attempts made so far.
    public var attempts: Int
    /// When the next attempt is due (meaningful while pending).
    public var nextAttemptAt: Timestamp
    /// When the entry was queued.
    public var createdAt: Timestamp
    /// When the entry last changed (queued, retried, sent or given up).
    public var updatedAt: Timestamp
    /// The last failure, already redacted by the dispatcher; nil when none.
    public var lastError: String?
    /// The end of the quiet window it was last held for; nil if it never was. Its max age counts
    /// from the later of this and `createdAt`.
    public var heldUntil: Timestamp?
    /// The group message it goes out in (the outbox id of that message's first member), once its
    /// channel's grouping has formed one; nil otherwise.
    public var batch: Int64?

    /// When its max age starts: queued, or released from a quiet window.
    public var ageStart: Timestamp { max(createdAt, heldUntil ?? createdAt) }

    /// Creates an entry.
    public init(id: Int64, notification: Notification, channel: String, state: OutboxState, attempts: Int,
                nextAttemptAt: Timestamp, createdAt: Timestamp, updatedAt: Timestamp, lastError: String?,
                heldUntil: Timestamp? = nil, batch: Int64? = nil) {
        self.id = id
        self.notification = notification
        self.channel = channel
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastError = lastError
        self.heldUntil = heldUntil
        self.batch = batch
    }
}
