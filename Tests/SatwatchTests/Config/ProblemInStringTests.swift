import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// `check` places a problem found inside a string at its character, counting the columns the
/// string's escapes are written in, and refuses names that would print as more (or less) than
/// one line: control characters and blank rule names, channel names with control characters.
@Suite struct ProblemInStringTests {
    static let txid = #"\u0065"# + String(repeating: "a", count: 62) + "g"
    static let feeds = #""feeds": {"mempool": {}}"#
    static let channels = #""channels": {"console": {"type": "log"}}"#
    static let feedsAndChannels = feeds + ", " + channels
    static let watch = #""feeds": {"mempool": {"watch": {"transactions": {"t": ""# + txid + #""}}}}, "# + channels
    static let twoChannels = feeds + #", "channels": {"con\u0007sole": {"type": "log"}, "console": {"type": "log"}}"#

    /// (file, config's members, rule file, the problem as `file:line:column: message`).
    static let cases: [(String, String, String?, String)] = [
        ("satwatch.json", watch, nil,
         #"1:205: invalid txid "eaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaag": character 64 ("g") is not a hexadecimal digit (a txid is 64 of them)"#),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "r", "metric": "fee.fastest", "above": "\u0066ee.fastest\t# 2"}]}"#,
         ##"1:79: unexpected character "#""##),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "nl\nname", "metric": "fee.fastest", "above": 1}]}"#,
         "1:24: rule name has a control character (U+000A); names are printed on one line"),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "tab\tname \u001b[31mred", "metric": "fee.fastest", "above": 1}]}"#,
         "1:25: rule name has a control character (U+0009); names are printed on one line"),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "\u00e9 \u001b[31m", "metric": "fee.fastest", "above": 1}]}"#,
         "1:29: rule name has a control character (U+001B); names are printed on one line"),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "   ", "metric": "fee.fastest", "above": 1}]}"#,
         "1:21: rule name must not be only spaces"),
        ("satwatch.json", twoChannels, nil,
         "1:125: channel name has a control character (U+0007); names are printed on one line"),
    ]

    @Test(arguments: cases)
    func checkPlacesTheProblemAtItsCharacter(file: String, config: String, rules: String?, problem: String) async throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try (rules ?? #"{"rules": []}"#).write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
        try (#"{"state": "state.db", "rules": ["rules"], "defaults": {"channels": ["console"]}, "# + config + "}")
            .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["check", "-c", folder.appendingPathComponent("satwatch.json").path], io: captured.io)
        let problems = captured.err.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
            .filter { !$0.contains(": warning: ") && !$0.contains(" problem") }
        #expect(problems == ["\(file):\(problem)"])
        #expect(status == 1)
    }
}
