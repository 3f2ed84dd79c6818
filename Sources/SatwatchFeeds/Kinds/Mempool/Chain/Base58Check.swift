import Digests
import SatwatchBase

/// Base58Check, the encoding of legacy Bitcoin addresses (P2PKH `1…`, P2SH `3…`, and `m…`,
/// `n…`, `2…` on test networks): base 58 without `0`, `O`, `I` and `l`, leading `1`s standing
/// for zero bytes, the last 4 bytes the start of SHA-256(SHA-256(payload)). Its checksum is a
/// hash, so a mistake is detected but never located.
package enum Base58Check {
    /// Why a string is not Base58Check; `offset` is the character at fault when one is.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
        package var offset: Int?
    }

    static let alphabet = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = Int8(value) }
        return table
    }()
    /// Longer strings are refused before decoding (the work grows with the square of the length):
    /// an address is at most 35 characters.
    static let maximumLength = 100

    /// The payload of `text` (version byte and hash, without the checksum).
    package static func decode(_ text: String) throws(Failure) -> [UInt8] {
        let scalars = Array(text.unicodeScalars)
        if scalars.count > maximumLength { throw Failure(message: "too long: \(scalars.count) characters", offset: nil) }
        var digits: [UInt8] = []
        for (offset, scalar) in scalars.enumerated() {
            guard scalar.isASCII, values[Int(scalar.value)] >= 0 else {
                let hint = ["0", "O", "I", "l"].contains(String(scalar)) ? " (Base58 leaves out 0, O, I and l)" : ""
                throw Failure(message: "character \(offset + 1) (\"\(Character(scalar))\") is not a Base58 character\(hint)",
                              offset: offset)
            }
            digits.append(UInt8(values[Int(scalar.value)]))
        }
        // Big-endian base 256 from base 58, digit by digit.
        var bytes: [UInt8] = []
        for digit in digits {
            var carry = Int(digit)
            for index in bytes.indices.reversed() {
                carry += Int(bytes[index]) * 58
                bytes[index] = UInt8(carry & 0xff)
                carry >>= 8
            }
            while carry > 0 {
                bytes.insert(UInt8(carry & 0xff), at: 0)
                carry >>= 8
            }
        }
        let zeros = digits.prefix { $0 == 0 }.count
        let decoded = [UInt8](repeating: 0, count: zeros) + bytes
        guard decoded.count > 4 else { throw Failure(message: "too short for a Base58Check string", offset: nil) }
        let payload = Array(decoded.dropLast(4))
        guard Array(SHA256.hash(SHA256.hash(payload)).prefix(4)) == Array(decoded.suffix(4)) else {
            throw Failure(message: "Base58Check checksum error (a character is wrong or missing; a hash checksum cannot say which)",
                          offset: nil)
        }
        return payload
    }

    /// `payload` with its checksum, in Base58 (for tests and examples).
    package static func encode(_ payload: [UInt8]) -> String {
        let data = payload + Array(SHA256.hash(SHA256.hash(payload)).prefix(4))
        var digits: [UInt8] = []
        for byte in data {
            var carry = Int(byte)
            for index in digits.indices.reversed() {
                carry += Int(digits[index]) << 8
                digits[index] = UInt8(carry % 58)
                carry /= 58
            }
            while carry > 0 {
                digits.insert(UInt8(carry % 58), at: 0)
                carry /= 58
            }
        }
        let zeros = data.prefix { $0 == 0 }.count
        return String(decoding: [UInt8](repeating: alphabet[0], count: zeros) + digits.map { alphabet[Int($0)] }, as: UTF8.self)
    }
}
