/// What feeds tell the evaluator.
public enum FeedEvent: Sendable, Equatable {
    /// A frame arrived (or, for Coin Metrics, a response page).
    case frame(RecordedFrame)
    /// The feed connected (and subscribed).
    case connected(FeedKind)
    /// The feed lost its connection (it will reconnect on its own).
    case disconnected(FeedKind, reason: String)
}
