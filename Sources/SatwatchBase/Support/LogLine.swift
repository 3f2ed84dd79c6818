import SatwatchJSON

/// Formats one log event.
enum LogLine {
    /// `time=… level=info msg="feed connected" feed=mempool`: values with spaces, quotes, `=` or
    /// control characters are quoted and escaped, so one event is always one line.
    static func logfmt(_ pairs: [(String, String)]) -> String {
        pairs.map { key, value in "\(key)=\(quoteIfNeeded(value))" }.joined(separator: " ")
    }

    /// `{"time":"…","level":"info","msg":"…",…}`.
    static func json(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(JSONValue.escape($0.0)):\(JSONValue.escape($0.1))" }.joined(separator: ",") + "}"
    }

    private static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
        }
        return needsQuotes ? JSONValue.escape(value) : value
    }
}
