import SatwatchBase

/// The persisted state of one rule: enough to resume after a restart without re-announcing.
package struct RuleState: Sendable, Equatable {
    /// Current status.
    package var status: AlertStatus
    /// When the condition started to hold (start of `pending`); nil while inactive.
    package var activeSince: Timestamp?
    /// When the alert fired (`startsAt`); nil unless firing.
    package var firedAt: Timestamp?
    /// When a notification for this alert was last queued (firing or reminder).
    package var lastNotifiedAt: Timestamp?
    /// The last observation evaluated (the value, or the change in percent).
    package var lastValue: Double?
    /// When `lastValue` was observed.
    package var lastObservedAt: Timestamp?
    /// `Rule.definitionDigest` of the rule this state belongs to.
    package var digest: String
    /// What the condition remembers between samples: the side of its level the last sample was
    /// on (crossings: -1 below, +1 above), or the last value (`on: "change"`). Nil: nothing yet.
    package var memory: Double?
    /// The start of the candle being built (rules with `candle`); nil before the first sample.
    package var candleStart: Timestamp?
    /// The latest value of the rule's metric in that candle: its close so far.
    package var candleClose: Double?
    /// A `once` rule that has notified: it is not evaluated again until its definition changes.
    package var isSpent = false
    /// Why the condition cannot be decided yet (e.g. `sma(btc.usd, 200d) needs 200 daily closes,
    /// has 12`); nil when it can.
    package var waiting: String?
    /// How many notifications this rule has made, ever: the next one's sequence number, part of
    /// its id. Stored with the state in the same transaction as the notification, and kept when the
    /// rule's definition changes, so no two events of a rule share an id, however close in time.
    package var sequence: Int64 = 0

    /// A fresh, inactive state for a rule with `digest`, continuing the event `sequence` of the
    /// rule's earlier states.
    package init(digest: String, sequence: Int64 = 0) {
        self.status = .inactive
        self.digest = digest
        self.sequence = sequence
    }

    /// Creates a state with every field.
    package init(status: AlertStatus, activeSince: Timestamp?, firedAt: Timestamp?, lastNotifiedAt: Timestamp?,
                lastValue: Double?, lastObservedAt: Timestamp?, digest: String) {
        self.status = status
        self.activeSince = activeSince
        self.firedAt = firedAt
        self.lastNotifiedAt = lastNotifiedAt
        self.lastValue = lastValue
        self.lastObservedAt = lastObservedAt
        self.digest = digest
    }
}
