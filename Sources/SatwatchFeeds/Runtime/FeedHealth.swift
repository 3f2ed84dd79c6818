import SatwatchBase

/// The health of one feed, as `/healthz`, `/metrics`, `status` and the stale alerts see it.
package struct FeedHealth: Sendable, Equatable {
    /// The feed.
    package var kind: FeedKind
    /// Whether a connection is up (for Coin Metrics: whether the last poll succeeded).
    package var connected = false
    /// When the last frame (data or heartbeat) arrived that shows the feed delivering now (one
    /// whose data is all older than `stale_after` does not); nil before the first.
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
    /// Samples stamped further in the future than the tolerance, taken at their receive time.
    package var futureSamples = 0
    /// Samples older than the feed's `stale_after` when they came, left out.
    package var staleSamples = 0

    /// A feed that has not connected yet.
    package init(kind: FeedKind) { self.kind = kind }
}

extension FeedHealth {
    /// Why a feed disconnected after refusing a message over `max_frame`, for its log line and
    /// `status`: `frame of 14680064 bytes over max_frame (1048576 bytes)`. `size` is nil when only
    /// the limit is known (an HTTP body cut off at it).
    static func oversizedReason(size: Int?, limit: Int) -> String {
        let what = size.map { "frame of \($0) bytes" } ?? "frame"
        return "\(what) over max_frame (\(limit) bytes)"
    }
}
