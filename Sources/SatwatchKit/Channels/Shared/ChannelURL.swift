/// A channel's endpoint URL, checked once at configuration time and split just enough to name
/// its host in summaries and to keep a password written into it out of logs.
struct ChannelURL: Sendable, Equatable {
    /// The URL exactly as configured (after `${NAME}` expansion).
    let text: String
    /// The scheme in lower case, e.g. `https`.
    let scheme: String
    /// `host` or `host:port` as written (IPv6 literals keep their brackets).
    let hostAndPort: String
    /// The password of a `user:password@` part, when there is one.
    let password: String?

    /// Parses `text`; nil unless it is `scheme://host[:port][/path][?query]` with one of
    /// `schemes` and no whitespace or control characters (curl would reject or mangle them).
    init?(_ text: String, schemes: [String]) {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
              let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard schemes.contains(scheme) else { return nil }
        let rest = text[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var hostPart = authority
        var password: String?
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") { password = String(userInfo[userInfo.index(after: colon)...]) }
        }
        guard Self.validHostAndPort(hostPart) else { return nil }
        self.text = text
        self.scheme = scheme
        self.hostAndPort = String(hostPart)
        self.password = password
    }

    /// A non-empty host, then optionally `:` and a port in 1...65535.
    private static func validHostAndPort(_ text: Substring) -> Bool {
        var host = text
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            let port = text[text.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit),
                  let number = Int(port), (1...65535).contains(number) else { return false }
            host = text[..<colon]
        }
        return !host.isEmpty && host != "[]"
    }
}
