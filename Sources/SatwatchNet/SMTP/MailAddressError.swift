/// Why a text is not a usable mail address.
package enum MailAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing but blanks.
    case empty
    /// CR, LF or another control character: never allowed, it could inject a header or an
    /// SMTP command.
    case controlCharacter
    /// No `@`, or more than one outside a display name.
    case missingAt
    /// The part before `@` is empty, too long, or has characters outside RFC 5322 dot-atom.
    case invalidLocalPart
    /// The part after `@` is not a host name or an address literal.
    case invalidDomain
    /// Non-ASCII in the address itself needs SMTPUTF8, which the sender does not negotiate.
    case nonASCII
    /// `<` / `>` unbalanced, text after `>`, or an unterminated quoted name.
    case malformed

    /// A one-line explanation for `check` output and logs.
    package var description: String {
        switch self {
        case .empty: "empty address"
        case .controlCharacter: "address contains a control character (CR, LF, ...)"
        case .missingAt: "address needs exactly one @"
        case .invalidLocalPart: "invalid part before @"
        case .invalidDomain: "invalid domain after @"
        case .nonASCII: "non-ASCII characters in an address are not supported"
        case .malformed: "malformed address; expected addr@host or Name <addr@host>"
        }
    }
}
