import SatwatchBase
import SatwatchJSON

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

extension RecordedFrame {
    /// The record file line: `{"at":"2025-12-10T14:02:00.046Z","feed":"mempool","frame":"…"}`.
    /// The frame is a JSON string, so any text survives byte for byte; U+0085, U+2028 and U+2029
    /// are written as `\u` escapes too, because "universal newline" readers (Python's
    /// `splitlines`, Foundation's `enumerateLines`) would break a line at them.
    package var line: String {
        "{\"at\":\(JSONValue.escape(at.rfc3339)),\"feed\":\(JSONValue.escape(feed.rawValue)),\"frame\":\(Self.escapeLineBreaks(JSONValue.escape(text)))}"
    }

    private static func escapeLineBreaks(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            switch scalar {
            case "\u{85}": output.append(contentsOf: "\\u0085".unicodeScalars)
            case "\u{2028}": output.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": output.append(contentsOf: "\\u2029".unicodeScalars)
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    /// Parses a record file line; nil when it is not one.
    package init?(line: String) {
        guard let node = try? JSONParser.parse(line, positions: false),
              let atText = node["at"]?.string, let at = Timestamp(rfc3339: atText),
              let feedName = node["feed"]?.string, let feed = FeedKind(rawValue: feedName),
              let text = node["frame"]?.string else { return nil }
        self.init(at: at, feed: feed, text: text)
    }
}
