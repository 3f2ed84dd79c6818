extension RuleState {
    /// Applies one observation (the value, or the change in percent) made at `now`.
    ///
    /// inactive → pending when the condition starts to hold (→ firing at once without `for`);
    /// pending → inactive when it stops holding before `for` elapsed; pending → firing once it held
    /// for `for`; firing → inactive once the observation crosses `clear`; firing stays firing and
    /// asks for a reminder when `repeat` elapsed since the last notification.
    mutating func observe(_ observed: Double, at now: Timestamp, rule: RuleLogic) -> RuleEvent? {
        lastValue = observed
        lastObservedAt = now
        switch status {
        case .inactive:
            guard rule.condition.isMet(by: observed) else { return nil }
            activeSince = now
            if rule.holdFor.milliseconds <= 0 { return fire(at: now) }
            status = .pending
            return nil
        case .pending:
            guard rule.condition.isMet(by: observed) else {
                status = .inactive
                activeSince = nil
                return nil
            }
            return tick(at: now, rule: rule)
        case .firing:
            guard rule.condition.stillHolds(observed, clear: rule.clear) else {
                let firedAt = self.firedAt ?? now
                status = .inactive
                activeSince = nil
                self.firedAt = nil
                return .resolved(firedAt: firedAt)
            }
            return tick(at: now, rule: rule)
        }
    }

    /// Lets time pass without a new observation: fires a pending alert whose `for` has elapsed,
    /// and asks for a reminder when `repeat` is due. The caller only ticks on fresh data.
    mutating func tick(at now: Timestamp, rule: RuleLogic) -> RuleEvent? {
        guard let due = deadline(for: rule), now >= due else { return nil }
        switch status {
        case .inactive: return nil
        case .pending: return fire(at: now)
        case .firing:
            lastNotifiedAt = now
            return .reminded
        }
    }

    /// The next time at which `tick` would act: the end of `for` while pending, the next
    /// reminder while firing with `repeat`; nil otherwise.
    func deadline(for rule: RuleLogic) -> Timestamp? {
        switch status {
        case .inactive: return nil
        case .pending: return activeSince.map { $0 + rule.holdFor }
        case .firing:
            guard rule.repeatEvery.milliseconds > 0, let last = lastNotifiedAt else { return nil }
            return last + rule.repeatEvery
        }
    }

    private mutating func fire(at now: Timestamp) -> RuleEvent {
        status = .firing
        firedAt = now
        lastNotifiedAt = now
        return .fired
    }
}
