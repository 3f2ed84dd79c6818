/// One frame of a feed with the time it was received: a line of a `record` file.
public struct RecordedFrame: Sendable, Equatable {
    /// Receive time.
    public var at: Timestamp
    /// The feed it came from.
    public var feed: FeedKind
    /// The frame's text, byte for byte.
    public var text: String

    /// Creates a frame.
    public init(at: Timestamp, feed: FeedKind, text: String) {
        self.at = at
        self.feed = feed
        self.text = text
    }
}
