import SatwatchBase

/// Why a rule is where it is, for `log.level: debug`: recorded by the engine when the reason
/// changes (not on every sample), so a debug log answers "why did my rule not fire?".
package struct RuleExplanation: Sendable, Equatable {
    /// The reason, without the values that change from sample to sample.
    package enum Reason: Sendable, Equatable {
        /// Inactive: the observation does not meet the condition.
        case conditionNotMet
        /// The condition cannot decide: a metric without a fresh value, a `change` with no value
        /// `within` ago yet, a window not filled; says which.
        case undecided(String)
        /// Pending: the condition holds, `for` has not elapsed; fires at `firesAt` if it keeps holding.
        case forNotElapsed(firesAt: Timestamp)
        /// Firing, and the condition holds.
        case firing
        /// Firing although the condition no longer holds: the value has not crossed `clear` yet.
        case insideClearBand(clear: Double?)
        /// A deadline (`for`, `repeat`) passed, but the rule's feed is stale: it waits for a sample.
        case feedStale
    }

    /// The rule's name.
    package var rule: String
    /// The reason.
    package var reason: Reason
    /// The observation (value, or change in percent) it rests on; nil for `feedStale`.
    package var observed: Double?
    /// When.
    package var at: Timestamp

    /// The debug line's message.
    package var message: String {
        switch reason {
        case .conditionNotMet: "rule condition not met"
        case .undecided: "rule cannot decide yet"
        case .forNotElapsed: "rule pending: condition met, for not elapsed"
        case .firing: "rule firing: condition met"
        case .insideClearBand: "rule still firing: value inside clear band"
        case .feedStale: "rule deadline held: feed stale"
        }
    }

    /// The debug line's fields.
    package var fields: LogFields {
        var pairs = [("rule", rule)]
        if let observed { pairs.append(("value", DisplayNumber.format(observed))) }
        switch reason {
        case .forNotElapsed(let firesAt): pairs.append(("fires_at", firesAt.rfc3339))
        case .undecided(let why): pairs.append(("reason", why))
        case .insideClearBand(let clear?): pairs.append(("clear", DisplayNumber.format(clear)))
        default: break
        }
        return LogFields(pairs)
    }
}
