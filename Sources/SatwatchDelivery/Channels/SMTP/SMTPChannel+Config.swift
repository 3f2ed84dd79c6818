import SatwatchBase
import SatwatchNet

extension SMTPChannel {
    /// `tls` against the URL's scheme: `smtps://` means TLS from the first byte, so only `tls`
    /// fits it; `smtp://` defaults to `starttls` (never sending a password in the clear unasked).
    static func readSecurity(_ settings: inout ConfigObject, url: ChannelURL?) -> SMTPSecurity? {
        let implicitScheme = url?.scheme == "smtps"
        guard let text = settings.string("tls") else { return implicitScheme ? .implicit : .starttls }
        let modes: [String: SMTPSecurity] = ["starttls": .starttls, "tls": .implicit, "none": .none]
        guard let security = modes[text] else {
            settings.report("tls", "unknown tls mode \"\(text)\" (known: starttls, tls, none)")
            return nil
        }
        if implicitScheme, security != .implicit {
            settings.report("tls", "\"tls\": \"\(text)\" conflicts with an smtps:// URL, which always uses TLS")
            return nil
        }
        return security
    }

    /// `username` and `password`, which only make sense together.
    static func readLogin(_ settings: inout ConfigObject) -> (String?, String?) {
        let username = settings.string("username")
        let password = settings.string("password")
        // Presence, not value: an unset `${NAME}` is reported as such, not as a missing partner.
        if username != nil, !settings.has("password") { settings.report("username", "\"username\" needs \"password\"") }
        if password != nil, !settings.has("username") { settings.report("password", "\"password\" needs \"username\"") }
        return (username, password)
    }

    /// `from` (one address) or `to` (a non-empty array), each reported at its own place when it
    /// is not an address like `alerts@example.com` or `satwatch <alerts@example.com>`.
    static func readAddresses(_ key: String, _ settings: inout ConfigObject) -> [MailAddress]? {
        guard let member = settings.member(key) else {
            settings.report(nil, "missing required key \"\(key)\"")
            return nil
        }
        let nodes = key == "to" ? member.node.array : [member.node]
        guard let nodes else {
            settings.report(key, "expected an array of strings, found \(member.node.typeWithArticle)")
            return nil
        }
        guard !nodes.isEmpty else {
            settings.report(key, "\"to\" must list at least one address")
            return nil
        }
        var addresses: [MailAddress] = []
        for node in nodes {
            guard let text = settings.expandedString(node) else { continue }
            do {
                addresses.append(try MailAddress(parsing: text))
            } catch {
                settings.report(at: node.location, "invalid address \"\(text)\": \(error)")
            }
        }
        return addresses.count == nodes.count ? addresses : nil
    }
}
