@testable import SatwatchFeeds
import Testing

/// Bech32 and Bech32m strings against the test vectors of BIP-173 ("Test vectors") and BIP-350
/// ("Test vectors for Bech32m"), copied from the BIPs' text; characters outside ASCII or
/// printable ASCII are written as the escapes the BIPs describe (0x20 + …).
@Suite struct Bech32Tests {
    /// BIP-173: "The following strings are valid Bech32".
    static let validBech32 = [
        "A12UEL5L", "a12uel5l",
        "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        "11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j",
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl",
    ]
    /// BIP-350: "The following strings are valid Bech32m".
    static let validBech32m = [
        "A1LQFN3A", "a1lqfn3a",
        "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
        "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
        "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
        "split1checkupstagehandshakeupstreamerranterredcaperredlc445v", "?1v759aa",
    ]

    @Test(arguments: validBech32.map { ($0, Bech32.Encoding.bech32) } + validBech32m.map { ($0, Bech32.Encoding.bech32m) })
    func validStringsDecodeWithTheirEncoding(_ text: String, _ encoding: Bech32.Encoding) throws {
        let decoded = try Bech32.decode(text)
        #expect(decoded.encoding == encoding, "BIP-350: no string is valid under both")
        #expect(Bech32.encode(hrp: decoded.hrp, data: decoded.data, encoding: encoding) == text.lowercased())
    }

    /// BIP-173's and BIP-350's invalid strings with the reason each BIP gives, and the
    /// character named (1-based) where one is at fault.
    @Test(arguments: [
        ("\u{20}1nwldj5", "HRP character out of range", 1), ("\u{7F}1axkwrx", "HRP character out of range", 1),
        ("\u{80}1eym55h", "HRP character out of range", 1),
        ("an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx", "overall max length exceeded", nil),
        ("pzry9x0s0muk", "No separator character", nil), ("1pzry9x0s0muk", "Empty HRP", 1),
        ("x1b4n0q5v", "Invalid data character", 3), ("li1dgmt3", "Too short checksum", nil),
        ("de1lg7wt\u{FF}", "Invalid character in checksum", 9),
        ("A1G7SGD8", "checksum calculated with uppercase form of HRP", nil),
        ("10a06t8", "empty HRP", 1), ("1qzzfhee", "empty HRP", 1),
        ("\u{20}1xj0phk", "HRP character out of range", 1), ("\u{7F}1g6xzxy", "HRP character out of range", 1),
        ("\u{80}1vctc34", "HRP character out of range", 1),
        ("an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4", "overall max length exceeded", nil),
        ("qyrz8wqd2c9m", "No separator character", nil), ("1qyrz8wqd2c9m", "Empty HRP", 1),
        ("y1b0jsk6g", "Invalid data character", 3), ("lt1igcx5c0", "Invalid data character", 4),
        ("in1muywd", "Too short checksum", nil), ("mm1crxm3i", "Invalid character in checksum", 9),
        ("au1s5cgom", "Invalid character in checksum", 8), ("M1VUXWEZ", "checksum calculated with uppercase form of HRP", nil),
        ("16plkw9", "empty HRP", 1), ("1p2gdwpf", "empty HRP", 1),
    ] as [(String, String, Int?)])
    func invalidStringsAreRefused(_ text: String, _ reason: String, _ character: Int?) {
        #expect(throws: Bech32.Failure.self, "\(reason)") { try Bech32.decode(text) }
        do {
            _ = try Bech32.decode(text)
        } catch {
            #expect(error.offset.map { $0 + 1 } == character, "\(reason): \(error.message)")
        }
    }

    /// Any one character changed in a valid string is found: the checksum error names it.
    @Test(arguments: validBech32.prefix(6) + validBech32m.prefix(6))
    func aSingleWrongCharacterIsLocated(_ text: String) throws {
        let characters = Array(text.lowercased())
        guard let separator = characters.lastIndex(of: "1") else { return }
        for position in (separator + 1)..<characters.count {
            for replacement in "qpzry9x8gf2tvdw0s3jn54khce6mua7l" where replacement != characters[position] {
                var changed = characters
                changed[position] = replacement
                do {
                    _ = try Bech32.decode(String(changed))
                    Issue.record("\(String(changed)) decoded")
                } catch {
                    #expect(error.offset == position, "\(String(changed)): \(error.message)")
                    #expect(error.message == "checksum error at character \(position + 1) (\"\(replacement)\")")
                }
            }
        }
    }

    @Test func twoWrongCharactersAreDetectedButNotLocated() {
        // BIP-173's first segwit vector with characters 10 and 20 changed.
        #expect(throws: Bech32.Failure("checksum error (more than one character is wrong)")) {
            try Bech32.decode("bc1qw508d7qejxtdg4y5r4zarvary0c5xw7kv8f3t4")
        }
    }

    /// With the human-readable part known, a `1` among the data is a bad character at its place;
    /// without it, BIP-173 splits at the last `1` and the same string is valid with part `bc1q`.
    @Test func aKnownHumanReadablePartNamesAOneInTheData() throws {
        let text = "bc1q1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysn5f47ed"
        #expect(try Bech32.decode(text).hrp == "bc1q")
        #expect(throws: Bech32.Failure(#"character 5 ("1") is not a bech32 character"#, at: 4)) { try Bech32.decode(text, hrp: "bc") }
        #expect(try Bech32.decode("BC1SW50QGDZ25J", hrp: "bc") == Bech32.decode("BC1SW50QGDZ25J"))
        #expect(throws: Bech32.Failure(#"does not start with "tb1""#, at: 0)) { try Bech32.decode("BC1SW50QGDZ25J", hrp: "tb") }
    }
}
