import SatwatchJSON
import Testing

/// Where a character of a decoded JSON string stands in its source: each escape takes the
/// columns it is written in, so a problem found in the decoded text points at the right column.
@Suite struct StringLocationTests {
    @Test(arguments: [
        (#"abc"#, 2, 10), (#"\u0065bc"#, 2, 15), (#"a\nb"#, 2, 11), (#"\"x"#, 1, 10), (#"\\\/x"#, 2, 12),
        (#"\ud83d\ude00x"#, 1, 20), (#"é\u00e9x"#, 2, 15), ("😀x", 1, 9), (#"\t\r\b\fx"#, 4, 16),
        (#"ab"#, 2, 10), (#"\nab"#, 3, 12), (#"\u0041\u0042"#, 5, 23),
        // The hunt's case: a txid whose 64th character, a "g", comes after a six-column escape.
        (#"\u0065"# + String(repeating: "a", count: 62) + "g", 63, 7 + 1 + 6 + 62),
    ] as [(String, Int, Int)])
    func columnsCountEscapesAsWritten(content: String, offset: Int, column: Int) throws {
        let source = #"{"k": ""# + content + #""}"#
        let node = try #require(JSONParser.parse(source)["k"])
        #expect(node.location.column == 7)
        let location = node.location.inString(at: offset, source: Array(source.utf8))
        #expect(location.column == column)
        #expect(location.line == 1)
    }

    /// Without the source, each decoded character counts one column.
    @Test func withoutTheSourceEachCharacterIsOneColumn() throws {
        let node = try #require(JSONParser.parse(#"{"k": "\u0065x"}"#)["k"])
        #expect(node.location.inString(at: 1, source: nil).column == 9)
    }
}
