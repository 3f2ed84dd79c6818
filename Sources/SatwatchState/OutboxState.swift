/// Where one delivery of a notification to one channel stands: still to deliver (`pending`),
/// delivered (`sent`), given up (`dead`), or kept from its channel, the state then naming why
/// (`silenced`, `muted`, `capped`, …: whatever the delivery stage that kept it says). The kinds
/// of keeping are open, so a new stage needs no new schema.
package struct OutboxState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The stored text.
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// Not delivered yet: due at its `nextAttemptAt`.
    package static let pending = OutboxState(rawValue: "pending")
    /// Delivered (the channel accepted it).
    package static let sent = OutboxState(rawValue: "sent")
    /// Given up after a permanent failure or its max age; kept for `status` and the operator.
    package static let dead = OutboxState(rawValue: "dead")
    /// Kept: a silence matched it (or the firing it resolves was silenced).
    package static let silenced = OutboxState(rawValue: "silenced")
    /// Kept: held in a quiet window (`mute_during`, `active_during`) and, when the window ended,
    /// no longer the alert's latest state (or the firing it resolves was muted).
    package static let muted = OutboxState(rawValue: "muted")

    /// Whether a delivery stage kept it from its channel (neither pending, sent nor dead).
    package var isKept: Bool { self != .pending && self != .sent && self != .dead }

    package var description: String { rawValue }
}
