@testable import LinearRegex
import Testing

/// Whether some value meets several silence conditions at once: what lets `silence add` refuse a
/// silence that can match nothing, and never one that can match something.
@Suite struct LabelRegexSatisfiableTests {
    /// `pattern` as a condition; a leading `!` negates it.
    static func condition(_ text: String) throws -> LabelRegex.Condition {
        text.hasPrefix("!") ? .init(try LabelRegex(String(text.dropFirst())), negated: true) : .init(try LabelRegex(text))
    }

    @Test(arguments: [
        // One condition.
        (["!.*"], false), (["!.+"], true), ([".*"], true), (["a"], true), (["!a"], true),
        // Two of one label.
        (["a", "b"], false), (["a|b", "b|c"], true), (["a.*", ".*b"], true), (["a+", "!a*"], false),
        (["btc.*", "foo"], false), (["fee-.*", "btc.*"], false), (["fee-.*", ".*-high"], true),
        (["foo", "!foo"], false), (["foo", "!fo+"], false), (["foo", "!fo"], true),
        // Ranges: the characters between named ones count too. A range holds more than its
        // single letters: "a" with a mark no letter precomposes lies between "a" and "b".
        (["[a-c]", "!a", "!c"], true), (["[a-c]", "!a", "!b", "!c"], true), (["[^a]", "!b", "."], true),
        (["[a-a]", "!a"], false), (["é", "[a-z]"], false), (["[à-ü]", "!à", "!ü"], true), (["[0-9]", "!\\d"], false),
        // Not the empty value.
        (["", ".+"], false), (["a*", ".+"], true),
        // A long pattern and its negation.
        (["(ab|cd)*e", "!(ab|cd)*e"], false), (["(ab|cd)*e", "!(ab)*e"], true),
    ] as [([String], Bool)])
    func decides(_ patterns: [String], _ expected: Bool) throws {
        let conditions = try patterns.map(Self.condition)
        #expect(LabelRegex.satisfiable(conditions) == expected)
    }

    /// Its answer agrees with trying every short value over a small alphabet, for pairs of
    /// conditions drawn from a pool: it says false only when no value matches.
    @Test func agreesWithTryingEveryShortValue() throws {
        let pool = ["a", "b", "ab", "a*", "b*", "(ab)*", "a+b", "[ab]", "[^a]", ".", "..", ".*", "a.", "[a-c]*", "c?"]
        let alphabet: [Character] = ["a", "b", "c", "d"]
        var values = [""]
        for length in 1...4 {
            values += values.filter { $0.count == length - 1 }.flatMap { value in alphabet.map { value + String($0) } }
        }
        for first in pool {
            for second in pool {
                for negated in [false, true] {
                    let conditions = [try Self.condition(first), try Self.condition((negated ? "!" : "") + second)]
                    let found = values.contains { value in conditions.allSatisfy { $0.regex.matches(value) != $0.negated } }
                    let decided = LabelRegex.satisfiable(conditions)
                    #expect(decided == true || !found, "\(first) and \(negated ? "!" : "")\(second): \(String(describing: decided))")
                    if found { #expect(decided == true) }
                }
            }
        }
    }

    @Test(arguments: [("btc-*", "btc-high", true), ("btc-*", "eth-high", false), ("a?c", "abc", true), ("a.c", "abc", false),
                      ("(x)", "(x)", true), ("*", "", true)] as [(String, String, Bool)])
    func globsBecomePatterns(_ glob: String, _ name: String, _ expected: Bool) throws {
        #expect(try #require(LabelRegex.glob(glob)).matches(name) == expected)
        #expect(try #require(LabelRegex.exactly(glob)).matches(glob))
    }

    /// A search longer than its bound answers nil (may match), never false.
    @Test func aSearchOverItsBoundDecidesNothing() throws {
        let conditions = try ["(ab|cd)*e", "!(ab)*e"].map(Self.condition)
        #expect(LabelRegex.satisfiable(conditions, maxSteps: 3) == nil)
        #expect(LabelRegex.satisfiable(conditions) == true)
    }
}
