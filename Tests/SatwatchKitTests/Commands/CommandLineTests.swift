import Foundation
import Testing
@testable import SatwatchKit
import SatwatchTestSupport

@Suite struct CommandLineTests {
    @Test(arguments: [
        (["frobnicate"], "satwatch: unknown command \"frobnicate\""),
        ([], "satwatch: missing command"),
        (["check", "--bogus"], "satwatch check: unknown option \"--bogus\""),
        (["check", "--config"], "satwatch check: option --config needs a value"),
        (["test"], "satwatch test: name at least one test file"),
    ] as [([String], String)])
    func usageErrorsExit2WithAHint(_ arguments: [String], _ message: String) async {
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(arguments, io: captured.io)
        #expect(status == 2)
        #expect(captured.err.first == message)
        #expect(captured.err.count == 2)
        #expect(captured.err.last?.hasPrefix("Run 'satwatch") == true)
    }

    @Test func versionAndHelp() async {
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["--version"], io: captured.io) == 0)
        #expect(captured.out == ["satwatch \(SatwatchVersion.current)"])
        let help = CapturedIO()
        #expect(await SatwatchCommandLine.run(["--help"], io: help.io) == 0)
        #expect(help.out.contains { $0.contains("check [--config F]") })
    }

    @Test func shippedRuleTestsPass() async {
        let captured = CapturedIO()
        let files = ["price.test.json", "fees-onchain.test.json"].map {
            TestPaths.repositoryRoot.appendingPathComponent("rule-tests/\($0)").path
        }
        #expect(await SatwatchCommandLine.run(["test"] + files, io: captured.io) == 0)
        #expect(captured.out.last == "7 passed, 0 failed")
    }

    @Test func failingRuleTestPrintsExpectedAndActual() async throws {
        let folder = try TestPaths.temporaryFolder()
        try #"{"rules": [{"name": "hot", "metric": "mvrv", "above": 3, "for": "10s"}]}"#
            .write(to: folder.appendingPathComponent("r.json"), atomically: true, encoding: .utf8)
        try #"{"rules": ["r.json"], "tests": [{"name": "wrong time", "samples": [{"at": "0s", "metric": "mvrv", "value": 4}], "expect": [{"at": "30s", "rule": "hot", "status": "firing"}]}]}"#
            .write(to: folder.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["test", folder.appendingPathComponent("t.json").path], io: captured.io)
        #expect(status == 1)
        #expect(Array(captured.out.dropFirst()) == [
            "  expected:", "    30s hot firing", "  got:", "    10s hot firing",
            "  - missing: 30s hot firing", "  + unexpected: 10s hot firing", "0 passed, 1 failed",
        ])
    }
}
