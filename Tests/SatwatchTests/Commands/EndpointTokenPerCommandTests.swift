import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// The contract's "Commands that serve nothing need no endpoint secret": with `"http": {"token":
/// "${SATWATCH_TOKEN}"}` as the README recommends and the variable unset, every command but
/// `run` works (`check` warns that `run` will need it), while unset delivery secrets stay errors
/// for `check`.
@Suite struct EndpointTokenPerCommandTests {
    /// A config whose `http.token` and the `team` channel's URL come from the environment.
    final class TokenConfig {
        let folder: URL
        let path: String
        /// Where `${SATWATCH_TOKEN}` is, as `line:column`.
        let tokenPlace: String

        init() throws {
            folder = try TestPaths.temporaryFolder()
            path = folder.appendingPathComponent("satwatch.json").path
            let lines = [
                #"{"state": "state.db", "rules": ["rules.json"], "feeds": {"mempool": {"url": "ws://127.0.0.1:9/"}},"#,
                #" "channels": {"team": {"type": "slack", "url": "${SLACK_WEBHOOK_URL}"}, "console": {"type": "log"}},"#,
                #" "http": {"listen": "127.0.0.1:0", "token": "${SATWATCH_TOKEN}"}, "defaults": {"channels": ["console"]}}"#,
            ]
            tokenPlace = "3:\(lines[2].distance(from: lines[2].startIndex, to: lines[2].range(of: "${SATWATCH")!.lowerBound) + 1)"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10, "channels": ["team"]}]}"#
                .write(to: folder.appendingPathComponent("rules.json"), atomically: true, encoding: .utf8)
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("frames.txt").path, contents: Data()))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    static let slack = ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"]

    @Test(arguments: [["status"], ["status", "--json"], ["history"], ["silence", "list"], ["silence", "add", "--rule", "hot", "--quiet"],
                      ["retry", "--dead"], ["purge", "--dead"], ["replay", "--input", "frames.txt", "--feed", "mempool"]])
    func commandsThatServeNothingNeedNoToken(_ command: [String]) async throws {
        let config = try TokenConfig()
        let arguments = command.map { $0 == "frames.txt" ? config.folder.appendingPathComponent($0).path : $0 }
        let captured = CapturedIO(environment: Self.slack)
        #expect(await SatwatchCommandLine.run(arguments + ["--config", config.path], io: captured.io) == 0)
        // Only what the commands say anyway: no state file yet, replay's summary; no problem.
        #expect(captured.err.filter { !$0.hasPrefix("no state file") && !$0.hasPrefix("satwatch replay: 0 notifications") } == [])
    }

    @Test func checkWarnsThatRunWillNeedIt() async throws {
        let config = try TokenConfig()
        let captured = CapturedIO(environment: Self.slack)
        #expect(await SatwatchCommandLine.run(["check", "--config", config.path], io: captured.io) == 0)
        #expect(captured.err == [#"\#(config.path): warning: "http.token": environment variable SATWATCH_TOKEN is not set; "#
                                 + "'satwatch run' will need it (set it or pass --env-file FILE), no other command does"])
        #expect(captured.out == ["\(config.path): ok (1 feed, 2 channels, 1 rule file, 1 rule, 1 warning)"])
    }

    @Test func checkStillNeedsDeliverySecrets() async throws {
        let config = try TokenConfig()
        let captured = CapturedIO(environment: [:])
        #expect(await SatwatchCommandLine.run(["check", "--config", config.path], io: captured.io) == 1)
        #expect(captured.err.first?.hasSuffix("environment variable SLACK_WEBHOOK_URL is not set") == true)
        #expect(captured.err.last?.hasPrefix("\(config.path): 1 problem in 1 file, 1 warning") == true)
    }

    /// `run` (start and reload) serves the API: there the unset token is the error it was.
    @Test func runNeedsIt() throws {
        let config = try TokenConfig()
        let (serving, problems) = Setup.load(path: config.path, environment: Self.slack, logger: Logger(level: .error, sink: { _ in }),
                                             serving: true)
        #expect(serving?.warnings == [])
        #expect(problems.map(\.description) == ["\(config.path):\(config.tokenPlace): environment variable SATWATCH_TOKEN is not set"])
        let (set, none) = Setup.load(path: config.path, environment: Self.slack.merging(["SATWATCH_TOKEN": "0123456789abcdef"]) { $1 },
                                     logger: Logger(level: .error, sink: { _ in }), serving: true)
        #expect(none == [])
        #expect(set?.config.page.token == "0123456789abcdef")
    }
}
