/// One message to deliver over SMTP: server, protection, credentials, envelope and bytes.
package struct SMTPRequest: Sendable, CustomStringConvertible {
    /// `smtp://host:port` or `smtps://host:port`; a path, if any, is the EHLO name.
    package var url: String
    /// Connection protection; see `SMTPSecurity`.
    package var security: SMTPSecurity
    /// The login for SMTP AUTH; no AUTH is attempted when nil.
    package var username: String?
    /// The password for SMTP AUTH. Never part of `description`.
    package var password: String?
    /// The envelope sender (`MAIL FROM`), a bare `addr@host`.
    package var from: String
    /// The envelope recipients (`RCPT TO`), bare addresses; every one must be accepted.
    package var recipients: [String]
    /// The full RFC 5322 message with CRLF line endings (see `MailMessage.rendered()`).
    package var message: [UInt8]
    /// The whole session (connect, TLS, AUTH, transfer) must end within this time.
    package var timeout: Duration
    /// A PEM file of CA certificates to trust instead of the system store.
    package var caFile: String?

    /// Creates a request.
    package init(url: String, security: SMTPSecurity = .starttls, username: String? = nil,
                password: String? = nil, from: String, recipients: [String], message: [UInt8],
                timeout: Duration = .seconds(30), caFile: String? = nil) {
        self.url = url
        self.security = security
        self.username = username
        self.password = password
        self.from = from
        self.recipients = recipients
        self.message = message
        self.timeout = timeout
        self.caFile = caFile
    }

    /// A log-safe summary: server, security, login and envelope, never the password.
    package var description: String {
        "SMTPRequest(\(url), \(security), user: \(username ?? "-"), from: \(from), "
            + "to: \(recipients.joined(separator: ",")), \(message.count) bytes)"
    }

    /// `url` with the scheme `security` needs: `.implicit` always speaks `smtps`.
    var effectiveURL: String {
        guard security == .implicit, url.lowercased().hasPrefix("smtp://") else { return url }
        return "smtps://" + url.dropFirst("smtp://".count)
    }
}

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
