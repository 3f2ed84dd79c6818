import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// `"state"` must name a file: nothing, or a folder that exists, is refused where it is written,
/// so `run` never tries to lock a folder (and leave a stray `.lock` beside it).
@Suite struct StateSettingTests {
    @Test(arguments: [
        ("", #"1:11: "state" must name a file, e.g. "data/satwatch.db""#),
        ("rules", #"1:11: "state" must name a file: "DIR/rules" is a folder (e.g. "DIR/rules/satwatch.db")"#),
        ("rules/", #"1:11: "state" must name a file: "DIR/rules" is a folder (e.g. "DIR/rules/satwatch.db")"#),
        (".", #"1:11: "state" must name a file: "DIR" is a folder (e.g. "DIR/satwatch.db")"#),
        ("data/satwatch.db", nil),
    ] as [(String, String?)])
    func checkRefusesAStateThatIsNoFile(state: String, problem: String?) async throws {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("satwatch.json")
        try #"{"state": "\#(state)", "rules": ["rules"], "channels": {"console": {"type": "log"}}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["check", "--config", config.path], io: captured.io)
        let problems = captured.err.filter { !$0.contains("warning") && !$0.hasSuffix("in 1 file") }
        let expected = problem.map { "\(config.path):" + $0.replacingOccurrences(of: "DIR", with: folder.path) }
        #expect(problems == (expected.map { [$0] } ?? []))
        #expect(status == (problem == nil ? 0 : 1))
    }
}
