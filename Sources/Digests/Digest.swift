import CCrypto

/// A one-shot digest through libcrypto's EVP interface, shared by the named hashes.
enum Digest {
    /// The digest of `message` by `algorithm` (`EVP_sha1()`, `EVP_sha256()`), `length` bytes long.
    static func hash(_ message: some Collection<UInt8>, algorithm: OpaquePointer?, length: Int) -> [UInt8] {
        let bytes = Array(message)
        var digest = [UInt8](repeating: 0, count: length)
        var written: UInt32 = 0
        let status = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress ?? Digest.emptyInput, input.count, output.baseAddress, &written, algorithm, nil)
            }
        }
        // EVP_Digest fails only when libcrypto cannot allocate or lacks the algorithm: neither
        // can be handled here, and a wrong digest would be worse than stopping.
        precondition(status == 1 && Int(written) == length, "libcrypto could not compute a digest")
        return digest
    }

    /// What an empty message points at: libcrypto wants an address even for no bytes.
    static var emptyInput: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 1)! }
}
