import Testing
import SatwatchJSON

@Suite struct JSONParserErrorTests {
    /// Input, message, line, column.
    static let cases: [(String, String, Int, Int)] = [
        ("", "unexpected end of input", 1, 1),
        ("  \n ", "unexpected end of input", 2, 2),
        ("[1,2", "unexpected end of input", 1, 5),
        (#"{"a":1"#, "unexpected end of input", 1, 7),
        (#"{"a""#, "unexpected end of input", 1, 5),
        (#""abc"#, "unexpected end of input", 1, 5),
        (#""\"#, "unexpected end of input", 1, 3),
        (#""\u12"#, "unexpected end of input", 1, 6),
        ("tru", "unexpected end of input", 1, 4),
        (#"{"a" 1}"#, "expected ':' after object key", 1, 6),
        (#"{"a":1 "b":2}"#, "expected ',' or '}' after object member", 1, 8),
        ("[1 2]", "expected ',' or ']' after array element", 1, 4),
        ("{1:2}", "expected object key", 1, 2),
        (#"{"a":1,}"#, "trailing comma before '}' (JSON allows none: remove it)", 1, 7),
        ("{'a':1}", "expected object key", 1, 2),
        ("[1,]", "trailing comma before ']' (JSON allows none: remove it)", 1, 3),
        ("[1,\n  ]", "trailing comma before ']' (JSON allows none: remove it)", 1, 3),
        ("[,]", "unexpected character ','", 1, 2),
        (#""\x""#, "invalid escape sequence", 1, 2),
        (#"["ab\u12G4"]"#, "invalid escape sequence", 1, 5),
        (#""\ud800\uZZZZ""#, "invalid escape sequence", 1, 8),
        // Half a surrogate pair is no character: refused where it starts.
        (#""a\ud800""#, "unpaired surrogate in \\u escape", 1, 3),
        (#""\udc00b""#, "unpaired surrogate in \\u escape", 1, 2),
        (#""\ud800\u0041""#, "unpaired surrogate in \\u escape", 1, 2),
        (#""\ud800\ud83d\ude00""#, "unpaired surrogate in \\u escape", 1, 2),
        (#""\ud800\n""#, "unpaired surrogate in \\u escape", 1, 2),
        (#"{"k": ["\udfff"]}"#, "unpaired surrogate in \\u escape", 1, 9),
        ("\"a\u{1}\"", "control character in string", 1, 3),
        ("\"a\nb\"", "control character in string", 1, 3),
        ("\"\t\"", "control character in string", 1, 2),
        ("01", "invalid number", 1, 2),
        ("-01", "invalid number", 1, 3),
        ("+1", "invalid number", 1, 1),
        (".5", "invalid number", 1, 1),
        ("1.", "invalid number", 1, 3),
        ("[1.e5]", "invalid number", 1, 4),
        ("1e", "invalid number", 1, 3),
        ("1e+", "invalid number", 1, 4),
        ("-", "invalid number", 1, 2),
        ("-a", "invalid number", 1, 2),
        ("-Infinity", "invalid number", 1, 2),
        ("1e400", "number out of range", 1, 1),
        ("[0, -1e99999999999]", "number out of range", 1, 5),
        ("NaN", "unexpected character 'N'", 1, 1),
        ("Infinity", "unexpected character 'I'", 1, 1),
        ("x", "unexpected character 'x'", 1, 1),
        ("trux", "unexpected character 'x'", 1, 4),
        ("[nul1]", "unexpected character '1'", 1, 5),
        ("\u{A0}1", "unexpected character U+00A0", 1, 1),
        ("[\u{1}]", "unexpected character U+0001", 1, 2),
        ("é", "unexpected character U+00E9", 1, 1),
        ("😀", "unexpected character U+1F600", 1, 1),
        ("[1] x", "trailing characters after JSON value", 1, 5),
        ("1 2", "trailing characters after JSON value", 1, 3),
        ("{}\n{}", "trailing characters after JSON value", 2, 1),
        ("\u{FEFF}x", "unexpected character 'x'", 1, 1),
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", "expected ':' after object key", 3, 7),
        ("[\"é😀\u{85}\", x]", "unexpected character 'x'", 1, 9),
        ("[1,\r\n x]", "unexpected character 'x'", 2, 2),
        (String(repeating: "[", count: 257), "nesting deeper than 256 levels", 1, 257),
        ("[\n" + String(repeating: "{\"a\":", count: 256), "nesting deeper than 256 levels", 2, 1276),
    ]

    @Test(arguments: cases)
    func reportsError(text: String, message: String, line: Int, column: Int) {
        for positions in [true, false] {
            let error = Self.error(Array(text.utf8), positions: positions)
            #expect(error?.message == message)
            #expect(error.map { [$0.location.line, $0.location.column] } == [line, column])
        }
    }

    /// Raw bytes that are not UTF-8, with the byte offset of the offending sequence.
    static let invalidUTF8: [([UInt8], Int)] = [
        ([0x22, 0x61, 0xFF, 0x22], 2),
        ([0x22, 0xC0, 0x80, 0x22], 1),
        ([0x22, 0xE0, 0x80, 0x80, 0x22], 1),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
        ([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], 3),
        ([0x22, 0xE2, 0x82], 1),
        ([0x22, 0x80, 0x22], 1),
        ([0x5B, 0x22, 0x5C, 0x6E, 0xFE, 0x22, 0x5D], 4),
        ([0x5B, 0xC3, 0x5D], 1),
    ]

    @Test(arguments: invalidUTF8)
    func reportsInvalidUTF8(bytes: [UInt8], offset: Int) {
        let error = Self.error(bytes, positions: false)
        #expect(error?.message == "invalid UTF-8")
        #expect(error?.location.offset == offset)
    }

    @Test func describesItselfAsLineColonColumn() {
        let error = Self.error(Array("{\n  \"a\" 1}".utf8), positions: true)
        #expect(error?.description == "2:7: expected ':' after object key")
        #expect(error?.location.offset == 8)
    }

    static func error(_ bytes: [UInt8], positions: Bool) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes, positions: positions)
            return nil
        } catch {
            return error
        }
    }
}
