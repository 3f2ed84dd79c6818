import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing

@Suite struct CommandLineTests {
    @Test(arguments: [
        (["frobnicate"], "satwatch: unknown command \"frobnicate\""),
        ([], "satwatch: missing command"),
        (["check", "--bogus"], "satwatch check: unknown option \"--bogus\""),
        (["chek"], "satwatch: unknown command \"chek\" (did you mean \"check\"?)"),
        (["stauts"], "satwatch: unknown command \"stauts\" (did you mean \"status\"?)"),
        (["--verison"], "satwatch: unknown command \"--verison\" (did you mean \"--version\"?)"),
        (["help", "frobnicate"], "satwatch: unknown command \"frobnicate\""),
        (["check", "--confg", "x"], "satwatch check: unknown option \"--confg\" (did you mean \"--config\"?)"),
        (["check", "-x"], "satwatch check: unknown option \"-x\""),
        (["check", "-c"], "satwatch check: option -c needs a value"),
        (["test", "-c", "x"], "satwatch test: unknown option \"-c\""),
        (["purge", "--ded"], "satwatch purge: unknown option \"--ded\" (did you mean \"--dead\"?)"),
        (["completion"], "satwatch completion: name the shell: bash or zsh"),
        (["completion", "fish"], "satwatch completion: unknown shell \"fish\" (bash or zsh)"),
        (["check", "--config"], "satwatch check: option --config needs a value"),
        (["test"], "satwatch test: name at least one test file"),
        (["silence", "list", "extra"], "satwatch silence: unexpected argument \"extra\""),
        (["silence", "list", "extra", "--url", "http://127.0.0.1:9"], "satwatch silence: unexpected argument \"extra\""),
        (["silence", "list", "--rule", "x", "--for", "2h"], "satwatch silence: --for applies to 'silence add' only"),
        (["silence", "list", "--quiet"], "satwatch silence: --quiet applies to 'silence add' only"),
        (["silence", "add", "--rule", "x", "--json"], "satwatch silence: --json applies to 'silence list' only"),
        (["silence", "expire"], "satwatch silence: name the silence to expire (its id, from 'satwatch silence list')"),
        (["silence", "expire", "a", "b"], "satwatch silence: unexpected argument \"b\""),
        (["silence", "expire", "a", "--comment", "x"], "satwatch silence: --comment applies to 'silence add' only"),
    ] as [([String], String)])
    func usageErrorsExit2WithAHint(_ arguments: [String], _ message: String) async {
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(arguments, io: captured.io)
        #expect(status == 2)
        #expect(captured.err.first == message)
        #expect(captured.err.count == 2)
        #expect(captured.err.last?.hasPrefix("Run 'satwatch") == true)
    }

    @Test func versionNamesTheRevision() async {
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["--version"], io: captured.io) == 0)
        #expect(captured.out == ["satwatch \(SatwatchVersion.current) (revision \(SatwatchVersion.revision))"])
        // Built from this checkout, the plugin wrote its commit (a clone without .git says "unknown").
        #expect(SatwatchVersion.revision.count == 12 && SatwatchVersion.revision.allSatisfy(\.isHexDigit))
    }

    @Test func helpAndHelpCommand() async {
        let help = CapturedIO()
        #expect(await SatwatchCommandLine.run(["--help"], io: help.io) == 0)
        #expect(help.out.contains { $0.contains("check [--config F]") })
        for command in ["run", "record", "completion", "history"] {
            let viaHelp = CapturedIO(), viaFlag = CapturedIO()
            #expect(await SatwatchCommandLine.run(["help", command], io: viaHelp.io) == 0)
            #expect(await SatwatchCommandLine.run([command, "--help"], io: viaFlag.io) == 0)
            #expect(viaHelp.out == viaFlag.out)
            #expect(viaHelp.out.first?.hasPrefix("Usage: satwatch \(command)") == true)
        }
    }

    /// The overview names every command with its usage, so a new command cannot be left out.
    @Test func helpListsEveryCommandWithItsOptions() {
        let lines = SatwatchCommandLine.help.split(separator: "\n").map(String.init)
        for command in SatwatchCommandLine.commands {
            let line = lines.first { $0.hasPrefix("  \(command.name) ") || $0 == "  \(command.name)" }
            #expect(line != nil, "\(command.name) missing from satwatch --help")
            for option in CommandOption.options(inUsage: command.help) {
                #expect(line?.contains("--\(option.name)") == true, "\(command.name) --\(option.name) missing from satwatch --help")
            }
        }
    }

    @Test(arguments: [
        (["-c", "a.json"], ["config": "a.json"], [String]()),
        (["--config", "a.json", "x"], ["config": "a.json"], ["x"]),
        (["--config=a.json"], ["config": "a.json"], []),
        (["--", "-c", "a.json"], [:], ["-c", "a.json"]),
        (["-", "-c", "b.json"], ["config": "b.json"], ["-"]),
    ] as [([String], [String: String], [String])])
    func shortConfigOption(_ arguments: [String], _ options: [String: String], _ positionals: [String]) throws {
        let parsed = try ArgumentList(arguments, options: ["config"])
        #expect(parsed.options == options)
        #expect(parsed.positionals == positionals)
    }

    @Test(arguments: [
        ("chek", ["check", "test", "help"], "check"), ("tema", ["team", "mail"], "team"),
        ("mempol", FeedKind.allCases.map(\.rawValue), "mempool"), ("check", ["check"], nil),
        ("frobnicate", ["check", "run"], nil), ("x", ["run"], nil), ("coinmetric", ["coinmetrics", "coinbase"], "coinmetrics"),
        // Case is no edit; the word itself among the candidates needs no hint.
        ("BTC.USD", ["btc.eur", "btc.usd"], "btc.usd"), ("Mail", ["team", "mail"], "mail"), ("mail", ["Mail", "mail"], nil),
    ] as [(String, [String], String?)])
    func didYouMean(_ word: String, _ candidates: [String], _ expected: String?) {
        #expect(EditDistance.closest(to: word, among: candidates) == expected)
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

    @Test func anInvalidTestFileReportsItsProblemsOnStderr() async throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("t.json").path
        try #"{"rules": [], "tests": 3}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["test", path], io: captured.io) == 1)
        #expect(captured.out == ["FAIL \(path): the test file is invalid", "0 passed, 1 failed"])
        #expect(captured.err.count == 1 && captured.err[0].hasPrefix("\(path):1:"))
    }

    @Test func usageLinesNameTheOptionsCompletionOffers() {
        #expect(CommandOption.options(inUsage: RetryCommand.help) == [
            CommandOption(name: "channel", value: "C"), CommandOption(name: "dead", value: nil), CommandOption(name: "config", value: "F"),
        ])
        #expect(CommandOption.options(inUsage: ReplayCommand.help).map(\.name) == ["config", "input", "feed", "start", "dispatch"])
        #expect(CommandOption.options(inUsage: TestCommand.help).isEmpty)
    }

    /// Completion reads each command's options from its usage line: every one must be accepted.
    @Test func everyOptionInAUsageLineIsAccepted() async {
        for command in SatwatchCommandLine.commands where command != CompletionCommand.self {
            for option in CommandOption.options(inUsage: command.help) where option.name != "config" {
                let arguments = [command.name] + (command == NotifyCommand.self ? ["c"] : [])
                    + ["--\(option.name)"] + (option.value == nil ? [] : ["1"]) + ["-c", "/nonexistent/satwatch.json"]
                let captured = CapturedIO()
                _ = await SatwatchCommandLine.run(arguments, io: captured.io)
                #expect(!captured.err.contains { $0.contains("unknown option") }, "\(arguments): \(captured.err)")
            }
        }
    }
}
