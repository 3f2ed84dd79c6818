import Digests
import Testing

/// HMAC-SHA256 against every test case of RFC 4231 §4.
@Suite struct HMACSHA256Tests {
    struct Case: Sendable, CustomStringConvertible {
        var number: Int
        var key: [UInt8]
        var data: [UInt8]
        /// The expected code; case 5 gives only its first 128 bits.
        var code: String
        var description: String { "RFC 4231 case \(number)" }
    }

    static func text(_ string: String) -> [UInt8] { Array(string.utf8) }
    static func hex(_ digits: String) -> [UInt8] { Hex.bytes(digits) }

    static let cases: [Case] = [
        Case(number: 1, key: Array(repeating: 0x0B, count: 20), data: text("Hi There"),
             code: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Case(number: 2, key: text("Jefe"), data: text("what do ya want for nothing?"),
             code: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Case(number: 3, key: Array(repeating: 0xAA, count: 20), data: Array(repeating: 0xDD, count: 50),
             code: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Case(number: 4, key: hex("0102030405060708090a0b0c0d0e0f10111213141516171819"), data: Array(repeating: 0xCD, count: 50),
             code: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Case(number: 5, key: Array(repeating: 0x0C, count: 20), data: text("Test With Truncation"),
             code: "a3b6167473100ee06e0c796c2955552b"),
        Case(number: 6, key: Array(repeating: 0xAA, count: 131), data: text("Test Using Larger Than Block-Size Key - Hash Key First"),
             code: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Case(number: 7, key: Array(repeating: 0xAA, count: 131),
             data: text("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."),
             code: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: cases)
    func rfc4231(_ test: Case) {
        let code = HMACSHA256.code(for: test.data, key: test.key)
        #expect(code.count == 32)
        #expect(Hex.string(code).hasPrefix(test.code))
        if test.code.count == 64 { #expect(HMACSHA256.isValid(Self.hex(test.code), for: test.data, key: test.key)) }
    }

    /// Empty keys and messages (libcrypto is handed no bytes), against Python's hmac.
    @Test(arguments: [
        ("", "", "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
        ("key", "", "5d5d139563c95b5967b9bd9a8c9b233a9dedb45072794cd232dc1b74832607d0"),
        ("", "message", "eb08c1f56d5ddee07f7bdf80468083da06b64cf4fac64fe3a90883df5feacae4"),
    ])
    func emptyKeysAndMessages(_ key: String, _ message: String, _ code: String) {
        #expect(Hex.string(HMACSHA256.code(for: Array(message.utf8), key: Array(key.utf8))) == code)
    }

    /// A key of exactly one block is used as it is; one byte more is hashed first.
    @Test func keysAtTheBlockLength() {
        let block = Array(repeating: UInt8(0x42), count: 64)
        #expect(HMACSHA256.code(for: [1], key: block) != HMACSHA256.code(for: [1], key: SHA256.hash(block)))
        let long = block + [0x42]
        #expect(HMACSHA256.code(for: [1], key: long) == HMACSHA256.code(for: [1], key: SHA256.hash(long)))
    }

    @Test(arguments: [
        ([], [], true), ([1, 2, 3], [1, 2, 3], true), ([1, 2, 3], [1, 2, 4], false), ([0, 2, 3], [1, 2, 3], false),
        ([1, 2], [1, 2, 3], false), ([], [0], false),
    ] as [([UInt8], [UInt8], Bool)])
    func constantTimeEquality(_ lhs: [UInt8], _ rhs: [UInt8], _ equal: Bool) {
        #expect(HMACSHA256.constantTimeEqual(lhs, rhs) == equal)
    }
}
