/// A parsed `ws://` or `wss://` URL (RFC 6455 section 3): what the handshake and curl need.
package struct WebSocketURL: Sendable, Equatable {
    /// True for `wss://` (TLS).
    package var secure: Bool
    /// The host as written; IPv6 literals keep their brackets.
    package var host: String
    /// The explicit port, nil when the URL has none.
    package var port: Int?
    /// The request target: path plus query, at least `/`.
    package var resource: String

    /// Parses `string`; rejects other schemes, user info, fragments and characters that
    /// cannot appear in an HTTP request line.
    package init(_ string: String) throws(WebSocketError) {
        let lowered = string.lowercased()
        let rest: Substring
        if lowered.hasPrefix("wss://") {
            secure = true
            rest = string.dropFirst(6)
        } else if lowered.hasPrefix("ws://") {
            secure = false
            rest = string.dropFirst(5)
        } else {
            throw .invalidOptions("URL must start with ws:// or wss://: \(string)")
        }
        if string.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            throw .invalidOptions("URL contains spaces, control or non-ASCII characters: \(string)")
        }
        if rest.contains("#") { throw .invalidOptions("URL must not have a fragment: \(string)") }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let target = rest[authorityEnd...]
        resource = target.hasPrefix("/") ? String(target) : "/" + target
        if authority.contains("@") { throw .invalidOptions("URL must not contain user info: \(string)") }
        (host, port) = try Self.split(authority, url: string)
    }

    private static func split(_ authority: Substring, url: String) throws(WebSocketError) -> (String, Int?) {
        var host = authority
        var port: Int?
        let hostEnd = authority.hasPrefix("[") ? authority.firstIndex(of: "]") : authority.startIndex
        guard let hostEnd else { throw .invalidOptions("URL has an unterminated IPv6 address: \(url)") }
        if let colon = authority[hostEnd...].lastIndex(of: ":") {
            host = authority[..<colon]
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                throw .invalidOptions("URL has an invalid port: \(url)")
            }
            port = number
        }
        guard !host.isEmpty else { throw .invalidOptions("URL has no host: \(url)") }
        return (String(host), port)
    }

    /// The `Host` header value: the port is left out when it is the scheme's default.
    package var hostHeader: String {
        guard let port, port != (secure ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    /// The `http(s)://` URL curl connects to; only its authority matters in CONNECT_ONLY mode.
    package var transportURL: String {
        let authority = port.map { "\(host):\($0)" } ?? host
        return "\(secure ? "https" : "http")://\(authority)/"
    }
}
