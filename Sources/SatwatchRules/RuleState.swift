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
    /// For a compound rule (`all` / `any`), each value it decided its last change on (firing,
    /// resolving, pending), as its notifications list them, so `status` (which reads only the
    /// state file) shows them all; empty for other rules, whose `lastValue` says it.
    package var decidedValues: [ObservedValue] = []
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

extension RuleState {
    /// Applies one evaluation of the condition made at `now`.
    ///
    /// inactive → pending when the condition starts to hold (→ firing at once without `for`);
    /// pending → inactive when it stops holding before `for` elapsed; pending → firing once it held
    /// for `for`; firing → inactive once it fails past `clear` (`.clearing` keeps it firing);
    /// firing stays firing and asks for a reminder when `repeat` elapsed since the last
    /// notification. An unknown result changes nothing: missing data is not a resolution. An
    /// event condition that holds announces once and stays inactive.
    mutating func observe(_ result: ConditionResult, at now: Timestamp, rule: RuleLogic) -> RuleEvent? {
        guard result.verdict != .unknown else { return nil }
        lastValue = result.observed
        lastObservedAt = now
        if rule.isEvent { return result.verdict == .holds ? fire(at: now, rule: rule) : nil }
        switch status {
        case .inactive:
            guard result.verdict == .holds else { return nil }
            activeSince = now
            if rule.holdFor.milliseconds <= 0 { return fire(at: now, rule: rule) }
            status = .pending
            return nil
        case .pending:
            guard result.verdict == .holds else {
                status = .inactive
                activeSince = nil
                return nil
            }
            return tick(at: now, rule: rule)
        case .firing:
            guard result.verdict != .fails else {
                let firedAt = self.firedAt ?? now
                status = .inactive
                activeSince = nil
                self.firedAt = nil
                return .resolved(firedAt: firedAt)
            }
            return tick(at: now, rule: rule)
        }
    }

    /// Lets time pass without a new evaluation: fires a pending alert whose `for` has elapsed,
    /// and asks for a reminder when `repeat` is due. The caller only ticks on fresh data.
    mutating func tick(at now: Timestamp, rule: RuleLogic) -> RuleEvent? {
        guard let due = deadline(for: rule, includingFor: true), now >= due else { return nil }
        switch status {
        case .inactive: return nil
        case .pending: return fire(at: now, rule: rule)
        case .firing:
            lastNotifiedAt = now
            return .reminded
        }
    }

    /// The next time at which `tick` would act on time alone: the end of `for` while pending
    /// (not for candle rules, which decide only at a candle's close), the next reminder while
    /// firing with `repeat`; nil otherwise.
    func deadline(for rule: RuleLogic, includingFor: Bool = false) -> Timestamp? {
        switch status {
        case .inactive: return nil
        case .pending:
            guard includingFor || rule.candle.milliseconds == 0 else { return nil }
            return activeSince.map { $0 + rule.holdFor }
        case .firing:
            guard rule.repeatEvery.milliseconds > 0, let last = lastNotifiedAt else { return nil }
            return last + rule.repeatEvery
        }
    }

    /// Fires: firing (an event stays inactive), or spent for a `once` rule.
    private mutating func fire(at now: Timestamp, rule: RuleLogic) -> RuleEvent {
        firedAt = now
        lastNotifiedAt = now
        if rule.once {
            isSpent = true
            status = .inactive
            activeSince = nil
        } else if !rule.isEvent {
            status = .firing
        }
        return .fired
    }
}

/// Where a rule stands in the alert state machine.
package enum AlertStatus: String, Sendable, Equatable, CaseIterable {
    /// The condition does not hold (or the alert resolved).
    case inactive
    /// The condition holds but not yet for the rule's `for`.
    case pending
    /// The alert fired and has not resolved.
    case firing
}

/// What a step of the state machine asks to announce.
enum RuleEvent: Equatable {
    /// The alert fired (pending → firing, or inactive → firing with no `for`).
    case fired
    /// A `repeat` reminder while still firing.
    case reminded
    /// The alert resolved; carries when it had fired.
    case resolved(firedAt: Timestamp)
}
