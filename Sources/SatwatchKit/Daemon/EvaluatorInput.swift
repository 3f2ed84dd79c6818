/// What the evaluator reacts to.
enum EvaluatorInput: Sendable {
    /// Something from a feed.
    case feed(FeedEvent)
    /// The alarm: something may be due.
    case tick
}
