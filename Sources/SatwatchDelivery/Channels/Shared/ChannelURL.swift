/// A channel's endpoint URL, checked once at configuration time and split just enough to name
/// its host in summaries and to list the parts that are secrets (see `secrets`).
struct ChannelURL: Sendable, Equatable {
    /// The URL exactly as configured (after `${NAME}` expansion).
    let text: String
    /// The scheme in lower case, e.g. `https`.
    let scheme: String
    /// `host` or `host:port` as written (IPv6 literals keep their brackets).
    let hostAndPort: String
    /// The `user:password` of a `user:password@` part, when there is one.
    let userInfo: String?
    /// The password of a `user:password@` part, when there is one.
    let password: String?
    /// Everything after the host and port: path, query and fragment as written.
    let target: String

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
        var userInfo: Substring?
        var password: String?
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            hostPart = authority[authority.index(after: at)...]
            if let info = userInfo, let colon = info.firstIndex(of: ":") { password = String(info[info.index(after: colon)...]) }
        }
        guard Self.validHostAndPort(hostPart) else { return nil }
        self.text = text
        self.scheme = scheme
        self.hostAndPort = String(hostPart)
        self.userInfo = userInfo.map(String.init)
        self.password = password
        self.target = String(rest[authority.endIndex...])
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
