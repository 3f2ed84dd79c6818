import SatwatchBase

/// Why a silence link was refused (`SilenceLink.verified`).
package enum SilenceLinkError: Error, Equatable, CustomStringConvertible {
    /// Not a link this build writes: a field missing, repeated or unknown, or one that does not
    /// read (the reason says which).
    case malformed(String)
    /// The signature does not match: the link was changed, or signed with another key (another
    /// state file).
    case badSignature
    /// Followed at or after its expiry.
    case expired(at: Timestamp)

    package var description: String {
        switch self {
        case .malformed(let reason): "malformed silence link: \(reason)"
        case .badSignature: "the silence link's signature does not match (changed, or from another satwatch)"
        case .expired(let at): "the silence link expired at \(at.rfc3339)"
        }
    }
}
