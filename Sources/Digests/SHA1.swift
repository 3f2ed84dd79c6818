import CCrypto

/// SHA-1 (FIPS 180-4) from libcrypto, used only for the `Sec-WebSocket-Accept` check of RFC 6455.
///
/// SHA-1 is broken for collision resistance, but the handshake needs exactly this function and
/// nothing security-relevant depends on it.
package enum SHA1 {
    /// Bytes in a digest.
    package static let digestLength = 20

    /// The 20-byte digest of `message`.
    package static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        Digest.hash(message, algorithm: EVP_sha1(), length: digestLength)
    }
}
