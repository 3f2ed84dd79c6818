import SatwatchBase

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
