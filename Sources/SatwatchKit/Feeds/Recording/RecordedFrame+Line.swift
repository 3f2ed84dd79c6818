import SatwatchJSON

extension RecordedFrame {
    /// The record file line: `{"at":"2025-12-10T14:02:00.046Z","feed":"mempool","frame":"…"}`.
    /// The frame is a JSON string, so any text (newlines, U+0085) survives byte for byte.
    public var line: String {
        "{\"at\":\(JSONValue.escape(at.rfc3339)),\"feed\":\(JSONValue.escape(feed.rawValue)),\"frame\":\(JSONValue.escape(text))}"
    }

    /// Parses a record file line; nil when it is not one.
    public init?(line: String) {
        guard let node = try? JSONParser.parse(line, positions: false),
              let atText = node["at"]?.string, let at = Timestamp(rfc3339: atText),
              let feedName = node["feed"]?.string, let feed = FeedKind(rawValue: feedName),
              let text = node["frame"]?.string else { return nil }
        self.init(at: at, feed: feed, text: text)
    }
}
