@testable import SatwatchBase
import Testing

/// The one base64 encoder every target uses (MIME, the WebSocket key, signed links, the
/// redactor's forms of a secret), against RFC 4648 §10's vectors in both alphabets.
@Suite struct Base64Tests {
    @Test(arguments: [
        ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"), ("foob", "Zm9vYg==", "Zm9vYg"),
        ("fooba", "Zm9vYmE=", "Zm9vYmE"), ("foobar", "Zm9vYmFy", "Zm9vYmFy"), ("Zoë", "Wm/Dqw==", "Wm_Dqw"),
        ("Prix € 100", "UHJpeCDigqwgMTAw", "UHJpeCDigqwgMTAw"),
    ])
    func vectors(_ text: String, _ standard: String, _ urlSafeUnpadded: String) {
        #expect(Base64.encode(Array(text.utf8)) == standard)
        #expect(Base64.encode(Array(text.utf8), alphabet: .urlSafe, padded: false) == urlSafeUnpadded)
        #expect(Base64.encodedBytes(Array(text.utf8)) == Array(standard.utf8))
    }

    @Test func theAlphabetsDifferOnlyInTheirLastTwoDigits() {
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
        #expect(Base64.encode([0xFB, 0xFF, 0xBF], alphabet: .urlSafe) == "-_-_")
    }

    /// RFC 6455 §1.3's example key, from a slice and from a lazy view of the bytes.
    @Test func encodesAnyCollectionOfBytes() {
        let bytes: [UInt8] = Array("the sample nonce".utf8)
        #expect(Base64.encode(bytes[...]) == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(Base64.encode(bytes.lazy.map { $0 }) == "dGhlIHNhbXBsZSBub25jZQ==")
    }
}
