import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// The contract's "Commands that send nothing do not need delivery secrets; `notify NAME` needs
/// only channel NAME's", and `--env-file`: a config needing two secrets with one of them set.
@Suite struct SecretsPerCommandTests {
    /// The README's two secrets: `team` (Slack, here a real HTTP peer) and `mail` (SMTP).
    final class TwoSecrets {
        let folder: URL
        let path: String
        /// Where `${SMTP_PASSWORD}` is, as `line:column`.
        let passwordPlace: String

        init() throws {
            folder = try TestPaths.temporaryFolder()
            path = folder.appendingPathComponent("satwatch.json").path
            let lines = [
                #"{"state": "state.db", "rules": ["rules.json"], "feeds": {"mempool": {"url": "ws://127.0.0.1:9/"}},"#,
                #" "channels": {"team": {"type": "slack", "url": "${SLACK_WEBHOOK_URL}"},"#,
                #"  "mail": {"type": "smtp", "url": "smtp://127.0.0.1:9", "username": "u", "password": "${SMTP_PASSWORD}","#,
                #"           "from": "a@example.com", "to": ["b@example.com"]}, "console": {"type": "log"}},"#,
                #" "defaults": {"channels": ["console"]}}"#,
            ]
            passwordPlace = "3:\(lines[2].distance(from: lines[2].startIndex, to: lines[2].range(of: "${SMTP")!.lowerBound) + 1)"
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10, "channels": ["team", "mail"]}]}"#
                .write(to: folder.appendingPathComponent("rules.json"), atomically: true, encoding: .utf8)
        }

        /// A root-only env file in the folder.
        func envFile(_ text: String) throws -> String {
            let file = folder.appendingPathComponent("satwatch.env").path
            #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
            return file
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(arguments: [["status"], ["retry", "--dead"], ["purge", "--dead"]])
    func commandsThatSendNothingNeedNoSecret(_ command: [String]) async throws {
        let config = try TwoSecrets()
        let captured = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"])
        #expect(await SatwatchCommandLine.run(command + ["--config", config.path], io: captured.io) == 0)
        #expect(captured.err == [])
    }

    @Test func replayNeedsSecretsOnlyToDispatch() async throws {
        let config = try TwoSecrets()
        let frames = config.folder.appendingPathComponent("frames.txt").path
        #expect(FileManager.default.createFile(atPath: frames, contents: Data()))
        let replay = ["replay", "--config", config.path, "--input", frames, "--feed", "mempool"]
        let dry = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"])
        #expect(await SatwatchCommandLine.run(replay, io: dry.io) == 0)
        #expect(dry.err == ["satwatch replay: 0 notifications from 1 rule over 0 frames"])
        let dispatch = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"])
        #expect(await SatwatchCommandLine.run(replay + ["--dispatch"], io: dispatch.io) == 1)
        #expect(dispatch.err.first == "\(config.path):\(config.passwordPlace): environment variable SMTP_PASSWORD is not set")
    }

    @Test func notifyNeedsOnlyItsOwnChannelsSecret() async throws {
        let config = try TwoSecrets()
        let endpoint = try await HTTPPeer.shared().endpoint()
        let captured = CapturedIO(environment: ["SLACK_WEBHOOK_URL": endpoint.url()])
        #expect(await SatwatchCommandLine.run(["notify", "team", "--config", config.path], io: captured.io) == 0)
        #expect(captured.out == ["sent to team"])
        #expect(captured.err == [])
        #expect(try endpoint.requests().count == 1)
    }

    /// Only what is missing: no `"username" needs "password"`, no `unknown channel "mail"`.
    @Test(arguments: [["notify", "mail"], ["status"]])
    func aMissingSecretIsReportedAsItself(_ command: [String]) async throws {
        let config = try TwoSecrets()
        let captured = CapturedIO(environment: [:])
        let needsMail = command[0] == "notify"
        #expect(await SatwatchCommandLine.run(command + ["--config", config.path], io: captured.io) == (needsMail ? 1 : 0))
        #expect(captured.err == (needsMail ? ["\(config.path):\(config.passwordPlace): environment variable SMTP_PASSWORD is not set",
                                              "\(config.path): 1 problem; set SMTP_PASSWORD in the environment or pass --env-file FILE"] : []))
    }

    /// A channel that failed to load is reported once, at the channel, not again in the rules.
    @Test func aChannelThatFailedIsStillKnownToRules() async throws {
        let config = try TwoSecrets()
        try String(contentsOfFile: config.path, encoding: .utf8).replacingOccurrences(of: #""type": "slack""#, with: #""type": "slak""#)
            .write(toFile: config.path, atomically: true, encoding: .utf8)
        let captured = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook", "SMTP_PASSWORD": "x"])
        #expect(await SatwatchCommandLine.run(["check", "--config", config.path], io: captured.io) == 1)
        #expect(captured.err.count == 2)
        #expect(captured.err.first?.contains(#"unknown channel type "slak""#) == true)
        #expect(captured.err.last == "\(config.path): 1 problem in 1 file")
    }

    @Test func checkStillNeedsEverySecret() async throws {
        let config = try TwoSecrets()
        let captured = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"])
        #expect(await SatwatchCommandLine.run(["check", "--config", config.path], io: captured.io) == 1)
        // The summary says where a secret can come from, as the other commands' do.
        #expect(captured.err == ["\(config.path):\(config.passwordPlace): environment variable SMTP_PASSWORD is not set",
                                 "\(config.path): 1 problem in 1 file; set SMTP_PASSWORD in the environment or pass --env-file FILE"])
    }

    /// The unit's root-only file, read by `--env-file`; its values win over the environment's.
    @Test func envFileGivesTheSecrets() async throws {
        let config = try TwoSecrets()
        let endpoint = try await HTTPPeer.shared().endpoint()
        let file = try config.envFile("# secrets\nSMTP_PASSWORD='p w#1'\nSLACK_WEBHOOK_URL=\(endpoint.url())\n")
        let captured = CapturedIO(environment: ["SLACK_WEBHOOK_URL": "http://127.0.0.1:9/stale"])
        #expect(await SatwatchCommandLine.run(["notify", "team", "--config", config.path, "--env-file", file], io: captured.io) == 0)
        #expect(captured.out == ["sent to team"])
        #expect(try endpoint.requests().count == 1)
        let check = CapturedIO()
        #expect(await SatwatchCommandLine.run(["check", "--env-file=\(file)", "--config", config.path], io: check.io) == 0)
        #expect(check.out == ["\(config.path): ok (1 feed, 3 channels, 1 rule file, 1 rule)"])
    }

    @Test func anUnusableEnvFileStopsTheCommand() async throws {
        let config = try TwoSecrets()
        let missing = config.folder.appendingPathComponent("none.env").path
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config.path, "--env-file", missing], io: captured.io) == 1)
        #expect(captured.err == ["satwatch status: cannot read env file \(missing): No such file or directory (ENOENT)"])
        let file = try config.envFile("export SMTP_PASSWORD=x\n")
        let invalid = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config.path, "--env-file", file], io: invalid.io) == 1)
        #expect(invalid.err == [#"\#(file):1:1: "export" is shell syntax: an environment file has NAME=value lines"#,
                                "satwatch status: \(file): 1 problem in the env file"])
    }
}
