/// How an SMTP connection is protected.
package enum SMTPSecurity: String, Sendable, Hashable, CaseIterable {
    /// Plain connect, then STARTTLS, which the server must offer: without it nothing is sent
    /// (curl 64). Usual on port 587.
    case starttls
    /// TLS from the first byte (`smtps://`, port 465). An `smtp://` URL is sent as `smtps://`.
    case implicit
    /// No TLS at all; credentials, if given, cross the network in the clear. For a relay on
    /// localhost or a private network only.
    case none
}
