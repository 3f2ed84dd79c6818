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
        "{" + pairs.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",") + "}"
    }

    private static func quoteIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F || isHidden($0)
        }
        return needsQuotes ? quoted(value) : value
    }

    /// `value` as a JSON string, with what a reader of the log must see rather than have acted
    /// on as `\uXXXX`: besides the C0 controls JSON escapes, the hidden controls (a terminal's
    /// CSI, bidi overrides) and the line and paragraph separators.
    static func quoted(_ value: String) -> String {
        let json = JSONValue.escape(value)
        guard json.unicodeScalars.contains(where: isHidden) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isHidden(scalar) else { escaped.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(escaped)
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        HiddenControls.contains(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
