import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// `satwatch check` over bad fixtures: every kind of problem, reported all at once, each with
/// its exact `path:line:column: message`, and warnings that do not fail the check, as
/// `path: warning: message` (Fixtures/check/<case>/expected.txt). `rule-links` and `configmap`
/// hold real symbolic links, as git stores them. Problems, warnings and the failure summary go
/// to standard error; standard output has only the `ok` line.
@Suite struct CheckDiagnosticsTests {
    /// The cases `check` passes (exit 0), with or without warnings.
    static let valid = ["valid", "rule-links", "configmap", "no-rules", "empty-rule-file", "all-disabled"]

    @Test(arguments: ["rule-errors", "config-errors", "syntax-error", "duplicate-with-problems", "labels",
                      "feed-stale-nowhere", "state-folder", "pairs", "url-userinfo", "did-you-mean", "feed-urls",
                      "condition-errors", "derived-errors", "quiet-hours", "derivatives-news", "rules-as-string",
                      "rule-file-array"] + valid)
    func checkReportsEveryProblemAtItsPlace(_ name: String) async throws {
        let folder = TestPaths.fixtures.appendingPathComponent("check/\(name)")
        let expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["check", "--config", folder.path + "/satwatch.json"], io: captured.io)
        let valid = Self.valid.contains(name)
        // Warnings and problems (stderr) come before the summary (stdout when valid).
        let printed = (captured.err + captured.out).map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(printed == expected)
        #expect(valid ? captured.out.count == 1 : captured.out.isEmpty, "only the ok line goes to stdout")
        #expect(status == (valid ? 0 : 1))
    }

    @Test func aMissingConfigSaysWhatToDo() async throws {
        let path = try TestPaths.temporaryFolder().appendingPathComponent("satwatch.json").path
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["check", "--config", path], io: captured.io) == 1)
        #expect(captured.err == [
            "\(path): cannot read: No such file or directory (pass --config FILE or set SATWATCH_CONFIG; "
                + "deploy/satwatch.json in the source tree is a working example)",
            "\(path): 1 problem in 1 file",
        ])
        #expect(captured.out.isEmpty)
    }

    /// A folder where the config belongs is refused before it is read, at its start as `check`
    /// shows every problem in a file.
    @Test func aFolderAsConfigIsRefusedAtItsStart() async throws {
        let folder = try TestPaths.temporaryFolder()
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["check", "-c", folder.path], io: captured.io) == 1)
        #expect(captured.err.first == "\(folder.path):1:1: not a regular file (a directory)")
    }

    @Test func shippedExampleConfigIsValid() async {
        let captured = CapturedIO()
        let path = TestPaths.repositoryRoot.appendingPathComponent("deploy/satwatch.json").path
        let status = await SatwatchCommandLine.run(["check", "--config", path], io: captured.io)
        #expect(status == 0, "\(captured.out)")
    }

    @Test func environmentVariablesExpandAndBecomeSecrets() {
        let environment = ConfigEnvironment(["TOKEN": "s3cr3t-value", "EMPTY": ""])
        #expect(environment.expand("Bearer ${TOKEN}") == .success("Bearer s3cr3t-value"))
        #expect(environment.expand("cost $$5 ${EMPTY}") == .success("cost $5 "))
        #expect(environment.expand("x${MISSING}") == .failure(.init(name: "MISSING", offset: 1)))
        #expect(environment.secrets == ["s3cr3t-value"])
    }

    @Test func configPathPrecedence() {
        #expect(ConfigLoader.path(option: "a.json", environment: ["SATWATCH_CONFIG": "b.json"]) == "a.json")
        #expect(ConfigLoader.path(option: nil, environment: ["SATWATCH_CONFIG": "b.json"]) == "b.json")
        #expect(ConfigLoader.path(option: nil, environment: [:]) == "satwatch.json")
    }
}
