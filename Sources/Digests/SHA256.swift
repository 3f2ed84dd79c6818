import CCrypto

/// SHA-256 (FIPS 180-4) from libcrypto: HMAC-SHA256 link signatures and Base58Check checksums.
package enum SHA256 {
    /// Bytes in a digest.
    package static let digestLength = 32
    /// Bytes in a block (what HMAC pads its key to).
    package static let blockLength = 64

    /// The 32-byte digest of `message`.
    package static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        Digest.hash(message, algorithm: EVP_sha256(), length: digestLength)
    }
}
