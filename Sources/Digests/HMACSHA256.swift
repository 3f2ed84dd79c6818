import CCrypto

/// HMAC-SHA256 (RFC 2104, FIPS 198-1) from libcrypto: what signs the links in notifications.
package enum HMACSHA256 {
    /// The 32-byte code of `message` under `key` (a key longer than a block is hashed first).
    package static func code(for message: some Sequence<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        let message = Array(message), key = Array(key)
        var code = [UInt8](repeating: 0, count: SHA256.digestLength)
        var written: UInt32 = 0
        let result = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                code.withUnsafeMutableBufferPointer { output in
                    HMAC(EVP_sha256(), key.baseAddress ?? Digest.emptyInput, Int32(key.count),
                         message.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? Digest.emptyInput.assumingMemoryBound(to: UInt8.self),
                         message.count, output.baseAddress, &written)
                }
            }
        }
        // As with the digests: only an allocation failure inside libcrypto gets here.
        precondition(result != nil && Int(written) == SHA256.digestLength, "libcrypto could not compute an HMAC")
        return code
    }

    /// Whether `code` is the code of `message` under `key`, compared in constant time so the
    /// time taken does not tell a forger how many leading bytes were right.
    package static func isValid(_ code: [UInt8], for message: some Sequence<UInt8>, key: some Collection<UInt8>) -> Bool {
        constantTimeEqual(code, self.code(for: message, key: key))
    }

    /// Equality that looks at every byte whatever the first difference (`CRYPTO_memcmp`; lengths
    /// are not secret).
    package static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { lhs in rhs.withUnsafeBytes { rhs in CRYPTO_memcmp(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0 } }
    }
}
