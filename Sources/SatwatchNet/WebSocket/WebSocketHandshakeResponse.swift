/// The server's answer to the upgrade request: status line and header fields.
package struct WebSocketHandshakeResponse: Sendable, Equatable {
    /// The largest response head accepted; a real 101 answer is a few hundred bytes.
    package static let maxHeadBytes = 16 * 1024

    /// The HTTP status code, e.g. 101.
    package var status: Int
    /// The reason phrase, e.g. `Switching Protocols`.
    package var reason: String
    /// Header values by lower-cased name; repeated fields are joined with ", ".
    package var headers: [String: String]

    /// The value of header `name` (any case).
    package subscript(name: String) -> String? { headers[name.lowercased()] }

    /// Parses a response head: the bytes before the empty line, without it.
    package init(head: some Collection<UInt8>) throws(WebSocketError) {
        guard let text = String(validating: head, as: UTF8.self) else {
            throw .handshakeInvalid("response head is not valid UTF-8")
        }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .handshakeInvalid("not an HTTP/1.x status line: \"\(statusLine.prefix(80))\"")
        }
        self.status = status
        reason = parts.count > 2 ? String(parts[2]) : ""
        headers = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw .handshakeInvalid("malformed header line \"\(line.prefix(80))\"")
            }
            let name = line[..<colon].lowercased()
            let value = String(Self.trimmed(line[line.index(after: colon)...]))
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
    }

    /// `text` without the spaces and tabs HTTP allows around field values and list items.
    package static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = text.lastIndex(where: { !isSpace($0) }) ?? first
        return text[first...last]
    }
}
