import SatwatchFeeds

/// What the evaluator reacts to.
enum EvaluatorInput: Sendable {
    /// A frame from a feed (a response page, for Coin Metrics).
    case frame(RecordedFrame)
    /// The alarm: something may be due.
    case tick
}
