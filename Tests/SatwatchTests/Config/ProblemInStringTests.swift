import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// `check` places a problem found inside a string at its character, counting the columns the
/// string's escapes are written in.
@Suite struct ProblemInStringTests {
    static let txid = #"\u0065"# + String(repeating: "a", count: 62) + "g"
    static let feeds = #""feeds": {"mempool": {}}"#
    static let channels = #""channels": {"console": {"type": "log"}}"#
    static let feedsAndChannels = feeds + ", " + channels
    static let watch = #""feeds": {"mempool": {"watch": {"transactions": {"t": ""# + txid + #""}}}}, "# + channels

    /// (file, config's members, rule file, the problem as `file:line:column: message`).
    static let cases: [(String, String, String?, String)] = [
        ("satwatch.json", watch, nil,
         #"1:205: invalid txid "eaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaag": character 64 ("g") is not a hexadecimal digit (a txid is 64 of them)"#),
        ("rules/r.json", feedsAndChannels, #"{"rules": [{"name": "r", "metric": "fee.fastest", "above": "\u0066ee.fastest\t# 2"}]}"#,
         ##"1:79: unexpected character "#""##),
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
