@testable import LinearRegex
import Testing

/// Silences' regular expressions (`--match 'severity=~page|critical'`): the whole value must
/// match, and no pattern takes more than value × pattern steps.
@Suite struct LabelRegexTests {
    @Test(arguments: [
        ("page|critical", "page", true), ("page|critical", "critical", true), ("page|critical", "pager", false),
        ("page", "a page", false), ("^page$", "page", true), ("", "", true), ("", "x", false),
        ("fee.*", "fee.fastest", true), ("fee\\..*", "feeXfastest", false), ("fee\\..*", "fee.fastest", true),
        ("btc\\.(usd|eur)", "btc.eur", true), ("btc\\.(usd|eur)", "btc.gbp", false), ("(?:a|b)+c", "abbac", true),
        ("[a-c]+", "abcab", true), ("[a-c]+", "abd", false), ("[^0-9]*", "abc", true), ("[^0-9]*", "a1", false),
        ("[]x]", "]", true), ("[a\\-z]", "-", true), ("\\d+", "2026", true), ("\\d+", "20a", false), ("\\w+", "team_ops1", true),
        ("\\s", " ", true), ("ops?", "op", true), ("ops?", "opss", false), ("a+", "", false), ("a*", "", true),
        ("é.", "éa", true), ("🙂", "🙂", true), ("\\$5", "$5", true), ("a$", "a", true),
        ("(a+)+$", String(repeating: "a", count: 5000) + "!", false), ("(a|aa)*b", String(repeating: "a", count: 5000), false),
        ("(x*)*y", String(repeating: "x", count: 5000) + "y", true), ("a+?", "", false), ("a+?", "aa", true), ("a*?b", "b", true),
    ] as [(String, String, Bool)])
    func matchesTheWholeValue(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try LabelRegex(pattern).matches(value) == expected)
    }

    @Test(arguments: [
        ("(ab", "unclosed group: missing )"), ("ab)", "unmatched )"), ("a{2}", "counted repetition {m,n} is not supported"),
        ("*a", "* has nothing to repeat"), ("[ab", "unclosed [...]"), ("[z-a]", "invalid range z-a in [...]"),
        ("a**", "nested repetition **"), ("a?+", "nested repetition ?+"), ("a\\", "trailing \\"), ("\\k", "unknown escape \\k"), ("a^b", "^ only at the pattern's ends"), ("(?i)a", "only (?:…) groups"),
        (String(repeating: "(", count: 5000) + "a" + String(repeating: ")", count: 5000), "longer than 1024 characters"),
        (String(repeating: "(", count: 33) + "a" + String(repeating: ")", count: 33), "groups nested more than 32 deep"),
    ] as [(String, String)])

    func refusesWithTheReason(_ pattern: String, _ reason: String) {
        do {
            _ = try LabelRegex(pattern)
            Issue.record("\(pattern) compiled")
        } catch {
            #expect(error.message.hasPrefix(reason), "\(error.message)")
        }
    }

    @Test func thirtyTwoGroupsDeepIsFine() throws {
        #expect(try LabelRegex(String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32)).matches("a"))
    }
}
