import Digests
import SatwatchBase

/// A signed, expiring request to silence one rule for a while: the "silence 1h" link a
/// notification carries. Anyone holding the link may use it until it expires, and nobody can
/// make one for another rule, duration or expiry without the state file's signing key
/// (`StateStore.signingKey()`).
///
/// As a query: `rule=<percent-encoded>&for=1h&exp=<unix seconds>&sig=<base64url>`, where `sig`
/// is HMAC-SHA256 over `satwatch-silence-v1\n` and the three fields as `query` writes them
/// (the rule percent-encoded, so no field can run into the next).
package struct SilenceLink: Sendable, Equatable {
    /// The rule to silence.
    var rule: String
    /// How long the silence lasts from when the link is followed.
    var duration: TimeSpan
    /// Until when the link may be followed (exclusive), in whole seconds.
    var expires: Timestamp

    /// A link; `expires` is taken down to the whole second the query carries.
    init(rule: String, duration: TimeSpan, expires: Timestamp) {
        self.rule = rule
        self.duration = duration
        self.expires = Timestamp(milliseconds: expires.milliseconds.floorDivided(by: 1000).quotient * 1000)
    }

    /// What tells these signatures from any other use of the key.
    static let domain = "satwatch-silence-v1\n"

    /// The query, signed with `key`.
    func query(key: [UInt8]) -> String {
        let fields = signedFields
        return fields + "&sig=" + Base64URL.encode(HMACSHA256.code(for: Array((Self.domain + fields).utf8), key: key))
    }

    /// The id of the silence this link makes: the same for every use of the link (its fields
    /// are what the signature covers), so following it twice finds the silence it made.
    /// Eight hex digits, as `Silence.newID()` writes ids.
    var silenceID: String {
        SHA256.hash(Array(("satwatch-silence-link-v1\n" + signedFields).utf8)).prefix(4)
            .map { String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16) }.joined()
    }

    /// The fields the signature covers, in their one spelling.
    var signedFields: String {
        "rule=" + URLQueryEncoding.encode(rule) + "&for=" + duration.text + "&exp=" + String(expires.milliseconds / 1000)
    }
}

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
