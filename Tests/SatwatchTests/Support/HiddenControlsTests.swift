@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// C1 controls and bidi embeddings, overrides and isolates: escaped in logs, left out of what
/// people read.
@Suite struct HiddenControlsTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("\u{9B}31mred\u{9B}0m", "31mred0m"),
        ("BTC \u{202E}000,001\u{202C} USD", "BTC 000,001 USD"),
        ("\u{202A}a\u{202B}b\u{202D}c\u{2066}d\u{2067}e\u{2068}f\u{2069}", "abcdef"),
        ("\u{80}\u{9F}edges", "edges"),
        ("line\u{85}next", "line next"),
        // Neighbours stay: DEL and NBSP, LRM/RLM marks, the line separator, right-to-left text.
        ("\u{7F}\u{A0}\u{200E}\u{200F}\u{2028}\u{2029}\u{2065}\u{206A}", "\u{7F}\u{A0}\u{200E}\u{200F}\u{2028}\u{2029}\u{2065}\u{206A}"),
        ("ביטקוין 100", "ביטקוין 100"),
        ("", ""),
    ])
    func removing(_ text: String, _ expected: String) {
        #expect(HiddenControls.removing(from: text) == expected)
    }

    static let at = Timestamp(milliseconds: 1_765_375_320_046)

    /// In the log they stay visible, escaped, in both formats; a value holding one is quoted.
    @Test(arguments: [
        (Logger.Format.logfmt, #"time=2025-12-10T14:02:00.046Z level=warn msg="feed request refused" error="\u009b31mred \u202e000,001\u202c" plain="a\u2028b" ok=é"#),
        (Logger.Format.json, #"{"time":"2025-12-10T14:02:00.046Z","level":"warn","msg":"feed request refused","error":"\u009b31mred \u202e000,001\u202c","plain":"a\u2028b","ok":"é"}"#),
    ])
    func logsEscapeThem(_ format: Logger.Format, _ expected: String) {
        let lines = LogLines()
        let logger = Logger(format: format, clock: { Self.at }, sink: lines.append)
        logger.warn("feed request refused", ["error": "\u{9B}31mred \u{202E}000,001\u{202C}", "plain": "a\u{2028}b", "ok": "é"])
        #expect(lines.all == [expected])
    }

    /// A rule or channel name cannot hold a bidi control either: `check` names the character.
    @Test(arguments: [("a\u{202E}b", 1, "U+202E"), ("\u{2066}x", 0, "U+2066"), ("c1\u{9B}", 2, "U+009B")])
    func namesRefuseThem(_ name: String, _ offset: Int, _ code: String) throws {
        let problem = try #require(PrintedName.problem(name, what: "rule name"))
        #expect(problem.offset == offset)
        #expect(problem.message == "rule name has a control character (\(code)); names are printed on one line")
    }
}
