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
