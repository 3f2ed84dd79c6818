import SatwatchBase
import SatwatchState

/// What the dispatcher concluded about an outbox entry, to be written to the state file. Kept by
/// the channel's worker until the write succeeds, so a delivery whose outcome could not be
/// recorded is never attempted again by this process (a restart may send it once more: at least
/// once).
enum DeliveryRecord: Sendable {
    /// Delivered.
    case sent(at: Timestamp)
    /// Failed; try again at `next`.
    case retry(attempts: Int, next: Timestamp, error: String, at: Timestamp)
    /// Given up on after a permanent failure.
    case dead(reason: String, at: Timestamp)
    /// Not sent: a stage kept it from the channel, ending in `state` (silenced, muted, expired as
    /// dead, …) for `reason`.
    case kept(OutboxState, reason: String, at: Timestamp)
    /// Not yet: a stage holds it until `until` for a reason of the kind `kind`; no attempt made.
    case held(until: Timestamp, kind: HoldKind, at: Timestamp)
}
