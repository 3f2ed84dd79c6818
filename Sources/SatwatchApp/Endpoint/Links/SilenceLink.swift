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
