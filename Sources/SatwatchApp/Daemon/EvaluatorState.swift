import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// What the evaluator owns between inputs.
struct EvaluatorState {
    var evaluator: FrameEvaluator
    var stale: FeedStaleMonitor
    var lastFlush: Timestamp
    /// Per `change` history, the newest point the state file holds.
    var historySaved: [String: Timestamp] = [:]
    /// The feeds whose values have been saved since start: a feed's first values are saved at
    /// once, so `status` shows them within a second rather than after the minute's flush.
    var feedsSaved: Set<FeedKind> = []

    /// Lets time pass: rules first, then feed staleness (which also pauses the stale feed's rules).
    mutating func advance(to now: Timestamp) -> [RuleChange] {
        var changes = evaluator.advance(to: now)
        let staleChanges = stale.check(at: now)
        for change in staleChanges {
            if let kind = FeedKind(rawValue: String(change.rule.dropFirst("feed-stale:".count))) {
                evaluator.setFeed(kind, stale: true)
            }
        }
        changes += staleChanges
        return changes
    }

    /// The next time anything is due.
    func nextDeadline(flushEvery: TimeSpan) -> Timestamp? {
        [evaluator.engine.nextDeadline(), stale.nextDeadline(), lastFlush + flushEvery].compactMap { $0 }.min()
    }
}
