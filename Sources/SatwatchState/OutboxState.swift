/// Where one delivery of a notification to one channel stands.
package enum OutboxState: String, Sendable, Equatable, CaseIterable {
    /// Not delivered yet: due at its `nextAttemptAt`.
    case pending
    /// Delivered (the channel accepted it).
    case sent
    /// Given up after a permanent failure; kept for `status` and the operator.
    case dead
    /// Not sent: a silence matched it (or the firing it resolves was silenced).
    case silenced
    /// Not sent: held in a quiet window (`mute_during`, `active_during`) and, when the window
    /// ended, no longer the alert's latest state (or the firing it resolves was muted).
    case muted
}
