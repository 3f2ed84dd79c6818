import SatwatchBase

extension SilenceLink {
    /// The link `query` carries, once its signature under `key` is checked (in constant time)
    /// and it has not expired at `now`. Exactly the four fields `query(key:)` writes, once each,
    /// in any order; the signature is checked before the expiry, so a changed `exp` reads as
    /// tampering, not as expired.
    package static func verified(query: some StringProtocol, key: [UInt8], now: Timestamp) throws(SilenceLinkError) -> SilenceLink {
        guard let pairs = URLQueryEncoding.pairs(query) else { throw .malformed("not a query string") }
        var fields: [String: String] = [:]
        for (name, value) in pairs {
            guard ["rule", "for", "exp", "sig"].contains(name) else { throw .malformed("unknown field \"\(name)\"") }
            guard fields.updateValue(value, forKey: name) == nil else { throw .malformed("\"\(name)\" given twice") }
        }
        for name in ["rule", "for", "exp", "sig"] where fields[name] == nil { throw .malformed("no \"\(name)\"") }
        let rule = fields["rule"]!
        guard !rule.isEmpty else { throw .malformed("empty rule") }
        guard let duration = TimeSpan(parsing: fields["for"]!), duration > .zero else { throw .malformed("\"for\" is not a duration") }
        guard let seconds = wholeSeconds(fields["exp"]!) else { throw .malformed("\"exp\" is not a time in seconds") }
        guard let signature = Base64URL.decode(fields["sig"]!), signature.count == SHA256.digestLength else {
            throw .malformed("\"sig\" is not a signature")
        }
        let link = SilenceLink(rule: rule, duration: duration, expires: Timestamp(milliseconds: seconds * 1000))
        guard HMACSHA256.isValid(signature, for: Array((domain + link.signedFields).utf8), key: key) else { throw .badSignature }
        guard now < link.expires else { throw .expired(at: link.expires) }
        return link
    }

    /// Unix seconds written as plain digits (no sign, at most 12 digits: well past year 9999).
    private static func wholeSeconds(_ text: String) -> Int64? {
        guard (1...12).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }
}
