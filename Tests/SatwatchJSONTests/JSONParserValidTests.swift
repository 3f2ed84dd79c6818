import Testing
import SatwatchJSON

@Suite struct JSONParserValidTests {
    static let documents: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("-1", -1),
        ("1.5", 1.5),
        ("1e3", 1000),
        ("1E+3", 1000),
        ("25e-2", 0.25),
        ("12393906104898154338", .number(12_393_906_104_898_154_338.0)),
        (#""""#, ""),
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u00C9\u0000""#, "éÉ\u{0}"),
        (#""\ud83d\ude00""#, "😀"),
        ("\"raw é 😀 \u{85} \u{2028} \u{2029} \u{7F}\"", "raw é 😀 \u{85} \u{2028} \u{2029} \u{7F}"),
        ("[]", []),
        ("{}", [:]),
        (" \t\r\n[ 1 , \"2\" , [ ] , { } ]\n ", [1, "2", [], [:]]),
        (#"{"a":1,"b":[true,null],"a":{"c":"d"}}"#, ["a": 1, "b": [true, nil], "a": ["c": "d"]]),
        (#"{"": 0}"#, ["": 0]),
        ("\u{FEFF}[1]", [1]),
        ("\u{FEFF} {\"k\": \"v\"} ", ["k": "v"]),
    ]

    @Test(arguments: documents)
    func parsesDocument(text: String, expected: JSONValue) throws {
        #expect(try JSONParser.parse(text).value.withoutLocations == expected)
        #expect(try JSONParser.parse(text, positions: false).value.withoutLocations == expected)
        #expect(try JSONParser.parse(Array(text.utf8)).value.withoutLocations == expected)
    }

    @Test func keepsLongEscapedAndUnescapedStringsIntact() throws {
        let long = String(repeating: "0123456789abcdef", count: 40)
        let text = "[\"\(long)\", \"\(long)\\n\(long)\", \"é\(long)\"]"
        let node = try JSONParser.parse(text)
        #expect(node.array?.map(\.string) == [long, long + "\n" + long, "é" + long])
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try JSONParser.parse(text, positions: false)
        var levels = 1
        while let inner = node.array?.first {
            node = inner
            levels += 1
        }
        #expect(levels == depth)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try JSONParser.parse(objects) }
    }

    @Test func refusesHostileNestingWithoutExhaustingTheStack() {
        // 128 units of `[{"k":` (6 bytes) fill 256 levels; the next `[` is the 257th.
        let text = String(repeating: "[{\"k\":", count: 100_000)
        #expect(throws: JSONSyntaxError("nesting deeper than 256 levels", at: SatwatchJSON.SourceLocation(line: 1, column: 769, offset: 768))) {
            try JSONParser.parse(text)
        }
    }

    @Test func emptyBufferIsAnError() {
        #expect(throws: JSONSyntaxError("unexpected end of input", at: .start)) {
            try JSONParser.parse(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }
}
