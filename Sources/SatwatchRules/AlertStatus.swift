/// Where a rule stands in the alert state machine.
package enum AlertStatus: String, Sendable, Equatable, CaseIterable {
    /// The condition does not hold (or the alert resolved).
    case inactive
    /// The condition holds but not yet for the rule's `for`.
    case pending
    /// The alert fired and has not resolved.
    case firing
}
