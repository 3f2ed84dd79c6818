import SatwatchBase

/// What an attempt concluded about an outbox entry, to be written to the state file. Kept by the
/// channel's worker until the write succeeds, so a delivery whose outcome could not be recorded
/// is never attempted again by this process (a restart may send it once more: at least once).
enum DeliveryRecord: Sendable {
    /// Delivered.
    case sent(at: Timestamp)
    /// Failed; try again at `next`.
    case retry(attempts: Int, next: Timestamp, error: String, at: Timestamp)
    /// Given up on.
    case dead(reason: String, at: Timestamp)
    /// Not sent: a stage kept it from the channel (a silence).
    case silenced(reason: String, at: Timestamp)
    /// Not sent: held in a quiet window and no longer the latest state when it ended.
    case muted(reason: String, at: Timestamp)
    /// Held in a quiet window until `until`; no attempt made.
    case held(until: Timestamp, at: Timestamp)
}
