import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// What the evaluator owns between inputs.
struct EvaluatorState {
    /// The rules and the feeds' staleness.
    var evaluator: FrameEvaluator
    var lastFlush: Timestamp
    /// Per `change` history, the newest point the state file holds.
    var historySaved: [String: Timestamp] = [:]
    /// The feeds whose values have been saved since start: a feed's first values are saved at
    /// once, so `status` shows them within a second rather than after the minute's flush.
    var feedsSaved: Set<FeedKind> = []

    /// The next time anything is due.
    func nextDeadline(flushEvery: TimeSpan) -> Timestamp? {
        [evaluator.nextDeadline(), lastFlush + flushEvery].compactMap { $0 }.min()
    }
}
