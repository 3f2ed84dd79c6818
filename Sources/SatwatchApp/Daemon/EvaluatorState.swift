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
    /// When the firing alerts' current values were last published (`FiringBoard`).
    var lastRestated = Timestamp.epoch

    /// How often at most the firing alerts' current values are published: rendering them on
    /// every trade would cost the hot path for re-sends that come every minute.
    static let restateEvery = TimeSpan.seconds(1)

    /// The next time anything is due.
    func nextDeadline(flushEvery: TimeSpan) -> Timestamp? {
        let restate = evaluator.engine.hasRestatements ? lastRestated + Self.restateEvery : nil
        return [evaluator.nextDeadline(), lastFlush + flushEvery, restate].compactMap { $0 }.min()
    }
}
