import Testing
import SatwatchJSON

@Suite struct JSONWriterTests {
    static let escapeTable: [(String, String)] = [
        ("", #""""#),
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash/", #""back\\slash/""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F} é 😀 \u{85} \u{2028}", "\"\u{7F} é 😀 \u{85} \u{2028}\""),
    ]

    @Test(arguments: escapeTable)
    func escapes(text: String, literal: String) throws {
        #expect(JSONValue.escape(text) == literal)
        #expect(try JSONParser.parse(literal).string == text)
    }

    static let compact: [(JSONValue, String)] = [
        (nil, "null"),
        (true, "true"),
        (false, "false"),
        (100_000, "100000"),
        (-0.0, "0"),
        (2.704, "2.704"),
        (.number(.infinity), "null"),
        (.number(-.infinity), "null"),
        (.number(.nan), "null"),
        ("a\"b", #""a\"b""#),
        ([], "[]"),
        ([:], "{}"),
        ([1, "x", [nil, [:]]], #"[1,"x",[null,{}]]"#),
        (["b": 1, "a": [true, 0.5], "b": "dup"], #"{"b":1,"a":[true,0.5],"b":"dup"}"#),
    ]

    @Test(arguments: compact)
    func writesCompactText(value: JSONValue, text: String) {
        #expect(value.jsonText() == text)
    }

    @Test func sortsKeysByCodePointKeepingDuplicatesInOrder() {
        let value: JSONValue = ["é": 1, "b": ["z": 1, "a": 2], "B": 3, "b": 4, "": 5]
        #expect(value.jsonText(sortedKeys: true) == #"{"":5,"B":3,"b":{"a":2,"z":1},"b":4,"é":1}"#)
    }

    @Test func writesIndentedText() {
        let value: JSONValue = ["name": "btc", "list": [1, [:], []], "nested": ["k": nil]]
        #expect(value.prettyJSONText() == """
            {
              "name": "btc",
              "list": [
                1,
                {},
                []
              ],
              "nested": {
                "k": null
              }
            }
            """)
        #expect(JSONValue.array([JSONNode(1)]).prettyJSONText(indent: 4) == "[\n    1\n]")
    }

    static let numbers: [(Double, String)] = [
        (0, "0"), (-0.0, "0"), (1, "1"), (-3, "-3"), (100_000, "100000"),
        (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"),
        (0.1, "0.1"), (2.704, "2.704"), (92284.61, "92284.61"), (-0.5, "-0.5"),
        (0.0001, "0.0001"), (0.00012345, "0.00012345"), (123_456_789_012_345.6, "123456789012345.6"),
        (1e15, "1000000000000000.0"), (1e16, "1e+16"), (0.00001, "1e-05"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
    ]

    @Test(arguments: numbers)
    func formatsNumbers(value: Double, text: String) {
        #expect(JSONNumberFormat.format(value) == text)
    }
}
