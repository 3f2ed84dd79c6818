import SatwatchBase

/// What a step of the state machine asks to announce.
enum RuleEvent: Equatable {
    /// The alert fired (pending → firing, or inactive → firing with no `for`).
    case fired
    /// A `repeat` reminder while still firing.
    case reminded
    /// The alert resolved; carries when it had fired.
    case resolved(firedAt: Timestamp)
}
