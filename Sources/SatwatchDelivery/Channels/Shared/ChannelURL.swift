import SatwatchBase

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

extension ChannelURL {
    /// The URLs an HTTP channel accepts.
    static let httpSchemes = ["http", "https"]

    /// Reads URL `key` and checks its scheme; reports a problem at the value when it is not a
    /// URL of `schemes`. The value itself is not repeated in the message: webhook URLs are
    /// secrets.
    static func read(_ key: String, schemes: [String] = httpSchemes, required: Bool = true,
                     _ settings: inout ConfigObject, context: ChannelContext) -> ChannelURL? {
        guard let text = settings.string(key, required: required) else { return nil }
        return checked(text, schemes: schemes) { settings.report(key, $0) }
    }

    /// Reads the list `key` (`urls`), each entry checked as `read` checks one and reported at its
    /// place; nil after reporting when it is not a list of 1 to `limit` strings or an entry is bad.
    static func readList(_ key: String, limit: Int, schemes: [String] = httpSchemes,
                         _ settings: inout ConfigObject, context: ChannelContext) -> [ChannelURL]? {
        guard let texts = settings.strings(key, required: true) else { return nil }
        guard (1...limit).contains(texts.count) else {
            settings.report(key, "\"\(key)\" takes 1 to \(limit) URLs")
            return nil
        }
        let nodes = settings.member(key)?.node.array ?? []
        var urls: [ChannelURL] = []
        for (text, node) in zip(texts, nodes) {
            if let url = checked(text, schemes: schemes, report: { settings.report(at: node.location, $0) }) { urls.append(url) }
        }
        return urls.count == texts.count ? urls : nil
    }

    /// `text` as a URL of one of `schemes`, or nil after `report` said why not.
    private static func checked(_ text: String, schemes: [String], report: (String) -> Void) -> ChannelURL? {
        guard let url = ChannelURL(text, schemes: schemes) else {
            // Both "http" and "smtp" take "an".
            let list = schemes.map { "\($0)://" }.joined(separator: " or ")
            report("expected an \(list) URL with a host")
            return nil
        }
        if let userInfo = url.userInfo, !Self.isEncodedUserInfo(userInfo) {
            // curl refuses such a URL at send time (`URL using bad/illegal format`).
            report("the user name and password in the URL must be percent-encoded (\"@\" as %40, \"%\" as %25, \"/\" as %2F)")
            return nil
        }
        return url
    }

    /// RFC 3986 `userinfo`: unreserved characters, sub-delims, `:` and well-formed `%XX` escapes.
    static func isEncodedUserInfo(_ text: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:".utf8)
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = bytes.next(), let low = bytes.next(),
                      [high, low].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else { return false }
            } else if !allowed.contains(byte) {
                return false
            }
        }
        return true
    }

    /// What must never be shown, since chat and webhook URLs carry their credential in the path
    /// or query: the whole URL, its `user:password` and password, everything after the host, the
    /// path and the query alone, and each path segment and query value that looks like a token
    /// (a receiver may echo just that part).
    var secrets: [String] {
        let withoutFragment = target.prefix { $0 != "#" }
        let path = withoutFragment.prefix { $0 != "?" }
        let query = withoutFragment.dropFirst(path.count).dropFirst()
        let values = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).last ?? $0 }
        let parts = [text, target, String(withoutFragment), String(path), String(query)] + [userInfo, password].compactMap { $0 }
        let tokens = (path.split(separator: "/") + values).filter(Self.looksLikeToken).map(String.init)
        return parts + tokens
    }

    /// A path segment or query value long enough to be a credential: 8 characters with a digit
    /// (`T0123ABCD`, a Discord id) or any 16. Words such as `hooks`, `webhooks` or `api` stay
    /// readable.
    static func looksLikeToken(_ part: Substring) -> Bool {
        part.count >= 16 || (part.count >= 8 && part.contains(where: \.isNumber))
    }

    /// The URL without a trailing `/`, so paths can be appended to a base.
    var base: String { text.hasSuffix("/") ? String(text.dropLast()) : text }
}
