import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// Lengths of the strings a config or rule file gives: each kind within its bound, and `check`
/// naming the place of one that is not.
@Suite struct ValueLengthTests {
    @Test(arguments: [
        (ValueLength.ruleName, String(repeating: "r", count: 200), nil),
        (.ruleName, String(repeating: "r", count: 201), "too long: 201 characters (a rule name is at most 200)"),
        // Characters, not bytes, for names: 200 two-byte letters are a name of 200.
        (.ruleName, String(repeating: "é", count: 200), nil),
        (.path, String(repeating: "é", count: 2048), nil),
        (.path, String(repeating: "é", count: 2049), "too long: 4098 bytes (a path is at most 4096)"),
        (.labelValue, String(repeating: "v", count: 1025), "too long: 1025 characters (a label value is at most 1024)"),
        (.message, String(repeating: "m", count: 8193), "too long: 8193 characters (a message is at most 8192)"),
        (.text, String(repeating: "t", count: 65536), nil),
        (.text, String(repeating: "t", count: 10 << 20), "too long: 10485760 characters (a value is at most 65536)"),
    ] as [(ValueLength, String, String?)])
    func boundsEachKind(_ length: ValueLength, _ value: String, _ problem: String?) {
        #expect(length.problem(value) == problem)
    }

    /// Through `check`: a 10 MB state path from a variable, a long rule name, label, message and
    /// channel name, each at its place.
    @Test func checkReportsEachTooLongValueAtItsPlace() async throws {
        let folder = try TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let channel = String(repeating: "c", count: 201)
        try #"{"state": "${STATE}", "channels": {"\#(channel)": {"type": "log"}}, "defaults": {"channels": ["log"]}}"#
            .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        let rule = #"{"rules": [{"name": "\#(String(repeating: "n", count: 201))", "metric": "fee.fastest", "above": 1, "#
            + #""labels": {"team": "\#(String(repeating: "l", count: 1025))"}, "message": "\#(String(repeating: "m", count: 8193))"}]}"#
        try rule.write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
        let captured = CapturedIO(environment: ["STATE": String(repeating: "s", count: 10 << 20)])
        #expect(await SatwatchCommandLine.run(["check", "--config", folder.path + "/satwatch.json"], io: captured.io) == 1)
        let printed = captured.err.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(printed.contains("satwatch.json:1:11: too long: 10485760 bytes (a path is at most 4096)"), "\(printed)")
        #expect(printed.contains("satwatch.json:1:36: too long: 201 characters (a name is at most 200)"), "\(printed)")
        #expect(printed.contains("rules/r.json:1:21: too long: 201 characters (a rule name is at most 200)"), "\(printed)")
        #expect(printed.contains("rules/r.json:1:282: too long: 1025 characters (a label value is at most 1024)"), "\(printed)")
        #expect(printed.contains { $0.hasPrefix("rules/r.json:1:") && $0.hasSuffix(": too long: 8193 characters (a message is at most 8192)") },
                "\(printed)")
    }
}
