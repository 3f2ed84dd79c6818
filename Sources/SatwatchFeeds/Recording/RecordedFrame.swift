import SatwatchBase

/// One frame of a feed with the time it was received: a line of a `record` file.
package struct RecordedFrame: Sendable, Equatable {
    /// Receive time.
    package var at: Timestamp
    /// The feed it came from.
    package var feed: FeedKind
    /// The frame's text, byte for byte.
    package var text: String

    /// Creates a frame.
    package init(at: Timestamp, feed: FeedKind, text: String) {
        self.at = at
        self.feed = feed
        self.text = text
    }
}
