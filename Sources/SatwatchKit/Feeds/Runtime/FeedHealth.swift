/// The health of one feed, as `/healthz`, `/metrics`, `status` and the stale alerts see it.
public struct FeedHealth: Sendable, Equatable {
    /// The feed.
    public var kind: FeedKind
    /// Whether a connection is up (for Coin Metrics: whether the last poll succeeded).
    public var connected = false
    /// When the last frame (data or heartbeat) arrived; nil before the first.
    public var lastFrameAt: Timestamp?
    /// Connections lost since start.
    public var reconnects = 0
    /// The reason of the last disconnect or failed poll.
    public var lastError: String?
    /// Frames skipped, by reason code.
    public var skipped: [String: Int] = [:]
    /// Unusable fields in frames that still gave samples (the rest of the frame was used).
    public var rejectedFields = 0
    /// Frames received.
    public var frames = 0
    /// Messages refused for being larger than the feed's `max_frame`.
    public var oversizedFrames = 0

    /// A feed that has not connected yet.
    public init(kind: FeedKind) { self.kind = kind }
}
