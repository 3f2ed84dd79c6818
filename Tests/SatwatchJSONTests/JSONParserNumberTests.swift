import Foundation
import SatwatchTestSupport
import Testing
import SatwatchJSON

@Suite struct JSONParserNumberTests {
    static let exact: [(String, Double)] = [
        ("0", 0), ("-0", -0.0), ("-0.0e5", -0.0), ("7", 7), ("-42", -42),
        ("0.1", 0.1), ("2.704", 2.704), ("92284.61", 92284.61), ("0.000001", 0.000001),
        ("1e22", 1e22), ("1e23", 1e23), ("1.5E-3", 0.0015), ("100e-2", 1),
        ("9007199254740993", 9_007_199_254_740_992), ("9007199254740995", 9_007_199_254_740_996),
        ("1.6685626290513473", 1.6685626290513473), ("149302414377324.7", 149302414377324.7),
        ("-2.3708449826345124", -2.3708449826345124), ("0.09954751131221719", 0.09954751131221719),
        ("12393906104898154338", 12_393_906_104_898_154_496), ("18446744073709551615", 18_446_744_073_709_551_616),
        ("4503599627370496.5", 4_503_599_627_370_496), ("4503599627370497.5", 4_503_599_627_370_498),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown), ("2.2250738585072014e-308", .leastNormalMagnitude),
        ("4.9e-324", .leastNonzeroMagnitude), ("2e-324", 0), ("1e-400", 0), ("-1e-400", -0.0),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("7.038531e-26", 7.038531e-26),
        ("0.00000000000000000000000000000000000000000000000000000000000000000000001", 1e-71),
    ]

    @Test(arguments: exact)
    func convertsExactly(text: String, expected: Double) throws {
        let value = try #require(JSONParser.parse(text).number)
        #expect(value.bitPattern == expected.bitPattern, "\(text) gave \(value)")
    }

    /// Digit strings of every length up to 20 with exponents inside and beyond the fast paths'
    /// ranges, checked bit for bit against the standard library's correctly rounded
    /// `Double(String)`.
    @Test func agreesWithStandardLibraryOnGeneratedNumbers() throws {
        var random = SplitMix64(seed: 0x5A7_3A7C4)
        var checked = 0
        for _ in 0..<40_000 {
            let length = Int(random.next() % 20) + 1
            var digits = String(random.next() % 9 + 1)
            for _ in 1..<length { digits.append(String(random.next() % 10)) }
            if random.next() % 3 == 0 { digits = String(digits.prefix(Int(random.next() % 6) + 1)) + "9999999999999999"}
            let point = Int(random.next() % UInt64(digits.count + 1))
            var text = point == digits.count || point == 0
                ? digits
                : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            let exponent = Int(random.next() % 181) - 90
            if exponent != 0 { text += "e\(exponent)" }
            if random.next() % 2 == 0 { text = "-" + text }
            let expected = try #require(Double(text))
            let value = try #require(JSONParser.parse(text, positions: false).number)
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) != \(expected)")
            checked += 1
        }
        #expect(checked == 40_000)
    }

    @Test func roundTripsEveryDoubleItFormats() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 2046 + 1) << 52)
            let text = JSONNumberFormat.format(value)
            let parsed = try #require(JSONParser.parse(text).number)
            #expect(parsed == value, "\(text)")
        }
    }
}
