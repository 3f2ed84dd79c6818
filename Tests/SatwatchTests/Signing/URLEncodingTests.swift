@testable import SatwatchBase
import Testing

/// Base64url and query-string encoding, both strict on the way back.
@Suite struct URLEncodingTests {
    /// RFC 4648 §10's vectors, in the URL alphabet without padding, and bytes using `-` and `_`.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func base64urlVectors(_ text: String, _ encoded: String) {
        #expect(Base64URL.encode(Array(text.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(text.utf8))
    }

    @Test func base64urlUsesTheURLAlphabetAndRoundTripsEveryLength() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        for count in 0..<70 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test(arguments: ["Zg==", "Zm9v+", "Zm9v/", "Z", "Zm9vY", "Zh", "Zm9", "Zm.v", "Zm9v\n", "é"])
    func base64urlRefusesOtherSpellings(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: [
        ("btc-above-100k", "btc-above-100k"), ("a b&c=d", "a%20b%26c%3Dd"), ("fee/ü🚀", "fee%2F%C3%BC%F0%9F%9A%80"),
        ("<script>'\"%+", "%3Cscript%3E%27%22%25%2B"), ("~._-", "~._-"),
    ])
    func percentEncoding(_ text: String, _ encoded: String) {
        #expect(URLQueryEncoding.encode(text) == encoded)
        #expect(URLQueryEncoding.decode(encoded) == text)
    }

    @Test(arguments: [("a+b", "a b"), ("%c3%bc", "ü"), ("", "")])
    func formSpellingsDecode(_ encoded: String, _ text: String) {
        #expect(URLQueryEncoding.decode(encoded) == text)
    }

    @Test(arguments: ["%", "%4", "%zz", "%C3", "%FF", "a%2"])
    func brokenEscapesDoNotDecode(_ encoded: String) {
        #expect(URLQueryEncoding.decode(encoded) == nil)
    }

    @Test func queriesSplitIntoPairs() throws {
        let pairs = try #require(URLQueryEncoding.pairs("rule=a%26b&for=1h&empty=&x=y=z"))
        #expect(pairs.map(\.name) == ["rule", "for", "empty", "x"])
        #expect(pairs.map(\.value) == ["a&b", "1h", "", "y=z"])
        #expect(URLQueryEncoding.pairs("")?.isEmpty == true)
        #expect(URLQueryEncoding.pairs("a=1&b") == nil)
        #expect(URLQueryEncoding.pairs("a=1&") == nil)
        #expect(URLQueryEncoding.pairs("a=%zz") == nil)
    }
}
