import SatwatchBase

/// One delivery of a notification to one channel as `satwatch history` shows it: the outbox
/// row, with its state kept as the stored text. A state this build does not know (written by a
/// newer one: `silenced`, `muted`, …) is shown as it stands instead of failing the listing.
package struct LoggedDelivery: Sendable, Equatable {
    /// The outbox row id (`#ID`, as `status` and `retry` name it).
    package var id: Int64
    /// The channel it goes to.
    package var channel: String
    /// The stored state: `pending`, `sent`, `dead`, or one added later.
    package var state: String
    /// Attempts made so far.
    package var attempts: Int
    /// When the next attempt is due (meaningful while pending).
    package var nextAttemptAt: Timestamp
    /// When it was queued (or put back by `retry`).
    package var createdAt: Timestamp
    /// When it last changed: sent, given up, retried.
    package var updatedAt: Timestamp
    /// The last failure as stored (redact before printing: older rows may hold secrets).
    package var lastError: String?

    /// The state when this build knows it.
    package var known: OutboxState? { OutboxState(rawValue: state) }
}
