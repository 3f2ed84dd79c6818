@testable import SatwatchBase
import Testing

@Suite struct GlobPatternTests {
    @Test(arguments: [
        ("btc-*", "btc-high", true), ("btc-*", "btc-", true), ("btc-*", "eth-high", false), ("btc-*", "btc", false),
        ("*", "", true), ("*", "anything", true), ("", "", true), ("", "a", false),
        ("btc-?ow", "btc-low", true), ("btc-?ow", "btc-ow", false), ("?", "é", true), ("??", "🙂", false),
        ("fee", "fee", true), ("fee", "fees", false), ("Fee", "fee", false),
        ("*-high", "btc-high", true), ("*-high", "btc-high-2", false), ("*a*b", "xaxxab", true), ("*a*b", "xaxxa", false),
        ("a*a*a*a*a*b", String(repeating: "a", count: 200), false), ("a*b*c", "aXbYc", true), ("a**c", "ac", true),
        ("feed-stale:*", "feed-stale:mempool", true),
    ] as [(String, String, Bool)])
    func matches(_ pattern: String, _ name: String, _ expected: Bool) {
        #expect(GlobPattern(pattern).matches(name) == expected)
    }

    @Test(arguments: [("btc-*", true), ("a?c", true), ("btc-high", false)])
    func hasWildcard(_ pattern: String, _ expected: Bool) {
        #expect(GlobPattern(pattern).hasWildcard == expected)
    }
}

extension GlobPatternTests {
    /// Two globs a silence needs both of: do they share any rule name?
    @Test(arguments: [
        ("cheap-*", "fee-*", false), ("btc-*", "*-usd", true), ("btc-*", "btc-high", true), ("btc-*", "eth", false),
        ("fee", "fee", true), ("fee", "fees", false), ("*", "", true), ("", "", true), ("", "a", false), ("?", "", false),
        ("a?c", "?b?", true), ("a?c", "?bd", false), ("*a*", "*b*", true), ("a*", "*b", true), ("ab*", "ba*", false),
        ("??", "a*", true), ("??", "abc*", false), ("*x", "*y", false), ("a**c", "ac", true),
        (String(repeating: "a*", count: 100) + "b", String(repeating: "*a", count: 100) + "c", false),
    ] as [(String, String, Bool)])
    func overlaps(_ first: String, _ second: String, _ expected: Bool) {
        #expect(GlobPattern(first).overlaps(GlobPattern(second)) == expected)
        #expect(GlobPattern(second).overlaps(GlobPattern(first)) == expected)
    }
}
