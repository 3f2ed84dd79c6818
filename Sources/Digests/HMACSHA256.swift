/// HMAC-SHA256 (RFC 2104, FIPS 198-1): what signs the links in notifications.
package enum HMACSHA256 {
    /// The 32-byte code of `message` under `key` (a key longer than a block is hashed first).
    package static func code(for message: some Sequence<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        var block = key.count > SHA256.blockLength ? SHA256.hash(key) : Array(key)
        block += Array(repeating: 0, count: SHA256.blockLength - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5C })
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// Whether `code` is the code of `message` under `key`, compared in constant time so the
    /// time taken does not tell a forger how many leading bytes were right.
    package static func isValid(_ code: [UInt8], for message: some Sequence<UInt8>, key: some Collection<UInt8>) -> Bool {
        constantTimeEqual(code, self.code(for: message, key: key))
    }

    /// Equality that looks at every byte whatever the first difference (lengths are not secret).
    package static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
