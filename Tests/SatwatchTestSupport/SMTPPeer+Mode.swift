extension SMTPPeer {
    /// How a peer secures its connections; the raw value is the peer's `--mode`.
    public enum Mode: String, Sendable {
        /// No TLS and no AUTH.
        case plain
        /// STARTTLS is required before AUTH.
        case starttls
        /// TLS from the first byte (`smtps://`).
        case smtps
    }
}
