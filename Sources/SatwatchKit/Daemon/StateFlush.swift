/// What the evaluator saves every minute and at shutdown: every rule's last state, the latest
/// metric values (for `status`) and the `change` histories' points the file does not have yet.
struct StateFlush: Sendable {
    var states: [String: RuleState]
    var metrics: [Sample]
    var history: [String: [HistoryPoint]]
    var keepingFrom: [String: Timestamp]
    var at: Timestamp

    /// One flush that stores what both would: the newer states and metrics, every history point.
    func merged(with newer: StateFlush) -> StateFlush {
        StateFlush(states: newer.states, metrics: newer.metrics,
                   history: history.merging(newer.history) { $0 + $1 }, keepingFrom: newer.keepingFrom, at: newer.at)
    }

    func save(to store: StateStore) throws {
        try store.saveRuleStates(states, at: at)
        try store.saveMetrics(metrics)
        try store.saveHistory(history, keepingFrom: keepingFrom)
    }
}
