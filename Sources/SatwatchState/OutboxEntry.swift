import SatwatchBase
import SatwatchRules

/// One delivery of a notification to one channel, as the outbox holds it.
package struct OutboxEntry: Sendable, Equatable {
    /// Row id: increases with insertion order, which is the delivery order within a channel.
    package var id: Int64
    /// The notification to deliver (with every channel it goes to).
    package var notification: Notification
    /// The channel this delivery goes to.
    package var channel: String
    /// Pending, sent, dead, or why it was kept from the channel.
    package var state: OutboxState
    /// Delivery attempts made so far.
    package var attempts: Int
    /// When the next attempt is due (meaningful while pending).
    package var nextAttemptAt: Timestamp
    /// When the entry was queued.
    package var createdAt: Timestamp
    /// When the entry last changed (queued, retried, sent or given up).
    package var updatedAt: Timestamp
    /// The last failure, already redacted by the dispatcher; nil when none.
    package var lastError: String?
    /// The end of the last hold a delivery stage put on it (a quiet window); nil if it never was
    /// held. Its max age counts from the later of this and `createdAt`.
    package var heldUntil: Timestamp?
    /// Why it was last held (`muted`, …), with `heldUntil`.
    package var holdKind: HoldKind?
    /// The group message it goes out in (the outbox id of that message's first member), once its
    /// channel's grouping has formed one; nil otherwise.
    package var batch: Int64?

    /// When its max age starts: queued, or released from a quiet window.
    package var ageStart: Timestamp { max(createdAt, heldUntil ?? createdAt) }

    /// Creates an entry.
    package init(id: Int64, notification: Notification, channel: String, state: OutboxState, attempts: Int,
                nextAttemptAt: Timestamp, createdAt: Timestamp, updatedAt: Timestamp, lastError: String?,
                heldUntil: Timestamp? = nil, holdKind: HoldKind? = nil, batch: Int64? = nil) {
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
        self.holdKind = holdKind
        self.batch = batch
    }
}
