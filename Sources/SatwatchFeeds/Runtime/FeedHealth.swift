import SatwatchBase

/// The health of one feed, as `/healthz`, `/metrics`, `status` and the stale alerts see it.
package struct FeedHealth: Sendable, Equatable {
    /// The feed.
    package var kind: FeedKind
    /// Whether a connection is up (for Coin Metrics: whether the last poll succeeded).
    package var connected = false
    /// When the last frame (data or heartbeat) arrived; nil before the first.
    package var lastFrameAt: Timestamp?
    /// Connections lost since start.
    package var reconnects = 0
    /// The reason of the last disconnect or failed poll.
    package var lastError: String?
    /// Frames skipped, by reason code.
    package var skipped: [String: Int] = [:]
    /// Unusable fields in frames that still gave samples (the rest of the frame was used).
    package var rejectedFields = 0
    /// Frames received.
    package var frames = 0
    /// Messages refused for being larger than the feed's `max_frame`.
    package var oversizedFrames = 0

    /// A feed that has not connected yet.
    package init(kind: FeedKind) { self.kind = kind }
}
