import SatwatchBase

extension RuleEngine {
    /// Records why rule `index` is where it is after an observation, if the reason changed.
    /// Called only while `explains` is on, so the hot loop pays one branch when it is off.
    mutating func explain(_ index: Int, _ result: ConditionResult?, at now: Timestamp) {
        let state = states[index]
        let reason: RuleExplanation.Reason
        switch (result?.verdict, state.status) {
        case (.unknown?, _): reason = .undecided(conditions[index].waiting(table) ?? "condition cannot decide")
        case (_, .inactive): reason = .conditionNotMet
        case (_, .pending): reason = .forNotElapsed(firesAt: (state.activeSince ?? now) + logic[index].holdFor)
        case (.clearing?, .firing): reason = .insideClearBand(clear: (conditions[index] as? HysteresisCondition)?.clearLevel(table))
        default: reason = .firing
        }
        let observed = result?.verdict == .unknown ? nil : state.lastValue
        record(RuleExplanation(rule: rules[index].name, reason: reason, observed: observed, at: now), index)
    }

    /// Records that rule `index`'s deadline passed while its feed is stale.
    mutating func explainStale(_ index: Int, at now: Timestamp) {
        record(RuleExplanation(rule: rules[index].name, reason: .feedStale, observed: nil, at: now), index)
    }

    /// The explanations recorded since the last call, oldest first.
    package mutating func takeExplanations() -> [RuleExplanation] {
        defer { explanations.removeAll(keepingCapacity: true) }
        return explanations
    }

    private mutating func record(_ explanation: RuleExplanation, _ index: Int) {
        if explained[index] == explanation.reason { return }
        explained[index] = explanation.reason
        explanations.append(explanation)
    }
}
