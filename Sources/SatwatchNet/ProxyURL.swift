import SatwatchBase

/// A `"proxy"` setting (feeds and HTTP channels): `scheme://host:port`, the form libcurl's
/// `CURLOPT_PROXY` takes. `socks5h` is SOCKS5 with names resolved by the proxy (what Tor needs:
/// the local resolver never sees the host); `socks5` resolves locally; `socks4a`/`socks4` are
/// the older protocol; `http`/`https` are an HTTP proxy, reached by `CONNECT` tunnels.
package enum ProxyURL {
    /// The schemes accepted, in the order messages list them.
    package static let schemes = ["socks5h", "socks5", "socks4a", "socks4", "http", "https"]

    /// What is wrong with `text` as a proxy, or nil when it is one. User info is refused: a
    /// proxy password would sit in the config where logs and errors could show it, and Tor
    /// needs none. The URL is not repeated in the message for the same reason.
    package static func problem(_ text: String) -> String? {
        guard let separator = text.firstRange(of: "://") else {
            return "expected a proxy URL such as \"socks5h://127.0.0.1:9050\" or \"http://proxy.example:3128\""
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard schemes.contains(scheme) else {
            return "unknown proxy scheme \"\(scheme)\" (use \(schemes.map { $0 + "://" }.joined(separator: ", ")))"
        }
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            return "\"proxy\" contains spaces, control or non-ASCII characters"
        }
        var authority = text[separator.upperBound...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("@") { return "\"proxy\" must not contain user info (a name or password)" }
        if authority.contains(where: { "/?#".contains($0) }) {
            return "\"proxy\" must be scheme://host:port, without a path, query or fragment"
        }
        var host = authority
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return "\"proxy\" has an unterminated IPv6 address" }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return "\"proxy\" has text after its IPv6 address" }
            if let problem = portProblem(rest.dropFirst(), present: !rest.isEmpty) { return problem }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            if let problem = portProblem(authority[authority.index(after: colon)...], present: true) { return problem }
        }
        if host.isEmpty || host == "[]" { return "\"proxy\" has no host" }
        return nil
    }

    private static func portProblem(_ port: Substring, present: Bool) -> String? {
        guard present else { return nil }
        guard port.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(port), (1...65535).contains(number) else {
            return "\"proxy\" has an invalid port (1 to 65535)"
        }
        return nil
    }
}

extension ConfigObject {
    /// The `proxy` key (see ``ProxyURL``), reported at its value when it is not a proxy URL; nil
    /// when absent or invalid.
    package mutating func proxy() -> String? {
        guard let text = string("proxy") else { return nil }
        if let problem = ProxyURL.problem(text) {
            report("proxy", problem)
            return nil
        }
        return text
    }
}
