import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

@Suite struct TestCommandTests {
    /// Runs one test of `hot` (above 20 for 30s; samples 25 at 0s, 10 at 1m) with the given
    /// first `expect` entry's extra keys and `states`.
    static func run(firing extra: String, states: String = "[]") async throws -> (Int32, [String]) {
        let folder = try TestPaths.temporaryFolder()
        try #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 20, "for": "30s", "message": "{{name}} at {{value}}", "labels": {"team": "ops", "tier": "1"}, "channels": ["ops-mail"]}]}"#
            .write(to: folder.appendingPathComponent("r.json"), atomically: true, encoding: .utf8)
        try """
            {"rules": ["r.json"], "tests": [{"name": "t",
              "samples": [{"at": "0s", "metric": "fee.fastest", "value": 25}, {"at": "1m", "metric": "fee.fastest", "value": 10}],
              "expect": [{"at": "30s", "rule": "hot", "status": "firing"\(extra)}, {"at": "1m", "rule": "hot", "status": "resolved"}],
              "states": \(states)}]}
            """.write(to: folder.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["test", folder.appendingPathComponent("t.json").path], io: captured.io)
        // An invalid test file's problems go to stderr, results to stdout: both, in that order.
        return (status, captured.err + captured.out)
    }

    @Test func shippedReminderTestsPass() async {
        let captured = CapturedIO()
        let file = TestPaths.repositoryRoot.appendingPathComponent("rule-tests/reminders.test.json").path
        #expect(await SatwatchCommandLine.run(["test", file], io: captured.io) == 0)
        #expect(captured.out.last == "2 passed, 0 failed")
    }

    /// Message, labels (in any order), channels and states that match pass.
    @Test func matchingAssertionsPass() async throws {
        let (status, out) = try await Self.run(
            firing: #", "message": "hot at 25", "labels": {"tier": "1", "team": "ops"}, "channels": ["ops-mail"]"#,
            states: #"[{"at": "0s", "rule": "hot", "state": "pending"}, {"at": "29s", "rule": "hot", "state": "pending"}, {"at": "30s", "rule": "hot", "state": "firing"}, {"at": "1m", "rule": "hot", "state": "inactive"}]"#)
        #expect(status == 0)
        #expect(out.last == "1 passed, 0 failed")
    }

    @Test func aWrongMessagePrintsBothSides() async throws {
        let (status, out) = try await Self.run(firing: #", "message": "hot at 26""#)
        #expect(status == 1)
        #expect(Array(out.dropFirst()) == [
            "  expected:", #"    30s hot firing message="hot at 26""#, "    1m hot resolved",
            "  got:", #"    30s hot firing message="hot at 25""#, "    1m hot resolved",
            #"  ~ differs: 30s hot firing: message expected "hot at 26", got "hot at 25""#, "0 passed, 1 failed",
        ])
    }

    /// Each wrong field or state → its `~` line.
    @Test(arguments: [
        (#", "labels": {"team": "ops"}"#, "[]",
         #"  ~ differs: 30s hot firing: labels expected {"team":"ops"}, got {"team":"ops","tier":"1"}"#),
        (#", "channels": ["ops-chat"]"#, "[]",
         #"  ~ differs: 30s hot firing: channels expected ["ops-chat"], got ["ops-mail"]"#),
        ("", #"[{"at": "29s", "rule": "hot", "state": "firing"}]"#,
         "  ~ state at 29s: hot expected firing, got pending"),
        ("", #"[{"at": "1m", "rule": "hot", "state": "pending"}]"#,
         "  ~ state at 1m: hot expected pending, got inactive"),
    ])
    func aWrongFieldOrStateIsNamed(_ extra: String, _ states: String, _ line: String) async throws {
        let (status, out) = try await Self.run(firing: extra, states: states)
        #expect(status == 1)
        #expect(out.filter { $0.hasPrefix("  ~ ") } == [line])
        #expect(out.last == "0 passed, 1 failed")
    }

    @Test func anUnknownStateIsRefused() async throws {
        let (status, out) = try await Self.run(firing: "", states: #"[{"at": "1m", "rule": "hot", "state": "resolved"}]"#)
        #expect(status == 1)
        #expect(out.contains { $0.hasSuffix(#"expected "inactive", "pending" or "firing", found "resolved""#) })
    }

    /// A rule file reading a portfolio and a derived metric can be tested: the test file names
    /// the config that defines them (`"config"`), or defines them itself as the config does.
    @Test(arguments: [
        #""config": "satwatch.json""#,
        #""portfolios": {"main": {"currency": "usd", "holdings": {"btc": 0.5, "eth": 2}}}, "derived": {"eth.in.btc": "eth.usd / btc.usd"}"#,
    ])
    func portfoliosAndDerivedMetricsCanBeTested(_ definitions: String) async throws {
        let folder = try TestPaths.temporaryFolder()
        let write = { (name: String, text: String) in try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("satwatch.json", #"""
            {"state": "s.db", "feeds": {"coinbase": {"products": ["BTC-USD"], "api_key": "${UNSET_IN_TESTS}"}},
             "channels": {"c": {"type": "log"}}, "defaults": {"channels": ["c"]},
             "portfolios": {"main": {"currency": "usd", "holdings": {"btc": 0.5, "eth": 2}}},
             "derived": {"eth.in.btc": "eth.usd / btc.usd"}}
            """#)
        try write("r.json", #"""
            {"rules": [{"name": "rich", "metric": "portfolio.main", "above": 60000},
                       {"name": "ratio", "metric": "eth.in.btc", "above": 0.05}]}
            """#)
        try write("t.json", #"""
            {"rules": ["r.json"], \#(definitions), "tests": [{"name": "portfolio and ratio",
              "samples": [{"at": "0s", "metric": "btc.usd", "value": 100000}, {"at": "10s", "metric": "eth.usd", "value": 6000}],
              "expect": [{"at": "10s", "rule": "rich", "status": "firing", "message": "portfolio.main is 62,000, above 60,000"},
                         {"at": "10s", "rule": "ratio", "status": "firing"}]}]}
            """#)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["test", folder.appendingPathComponent("t.json").path], io: captured.io)
        #expect(captured.err == [])
        #expect(captured.out.last == "1 passed, 0 failed")
        #expect(status == 0)
    }

    /// A config that cannot be read is the test file's problem, named at its place.
    @Test func aMissingConfigIsReported() async throws {
        let folder = try TestPaths.temporaryFolder()
        try #"{"rules": [], "config": "nowhere.json", "tests": []}"#
            .write(to: folder.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["test", folder.appendingPathComponent("t.json").path], io: captured.io) == 1)
        #expect(captured.err == ["\(folder.path)/nowhere.json: cannot read: No such file or directory"])
    }
}
