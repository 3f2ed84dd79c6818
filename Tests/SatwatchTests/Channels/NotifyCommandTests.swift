import Foundation
@testable import SatwatchApp
import SatwatchTestSupport
import Testing

/// `satwatch notify CHANNEL` end to end: config file, real HTTP peer, exit status and output.
@Suite struct NotifyCommandTests {
    /// The config file of one test, deleted with it.
    final class ConfigFile {
        let folder: URL
        let path: String

        init(_ channels: String) throws {
            folder = try TestPaths.temporaryFolder()
            path = folder.appendingPathComponent("satwatch.json").path
            try #"{"rules": [], "channels": {\#(channels)}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test func sendsOneTestNotification() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let file = try ConfigFile(#""console": {"type": "log"}, "hook": {"type": "webhook", "url": "\#(endpoint.url())"}"#)
        let captured = CapturedIO()
        let status = await SatwatchCommandLine.run(["notify", "hook", "--config", file.path, "--message", "hello from the test"],
                                                   io: captured.io)
        #expect(status == 0)
        #expect(captured.out == ["sent to hook"])
        let requests = try endpoint.requests()
        #expect(requests.count == 1)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(requests[0].body)) as? [String: Any])
        let alert = try #require((body["alerts"] as? [[String: Any]])?.first)
        #expect((alert["labels"] as? [String: String])?["alertname"] == "satwatch-test")
        #expect((alert["annotations"] as? [String: String])?["summary"] == "hello from the test")
        #expect(body["status"] as? String == "firing")
        #expect(body["receiver"] as? String == "hook")
    }

    @Test(arguments: [
        (HTTPPeer.Reply(status: 400, body: "bad hook"),
         "failed to send to hook: HTTP 400 Bad Request: bad hook (permanent: the worker would not retry)"),
        (.init(status: 429, headers: [["Retry-After", "3"]]),
         "failed to send to hook: HTTP 429 Too Many Requests (temporary: the worker would retry after 3s)"),
        (.init(status: 502, body: "upstream"), "failed to send to hook: HTTP 502 Bad Gateway: upstream (temporary: the worker would retry)"),
    ] as [(HTTPPeer.Reply, String)])
    func failurePrintsTheErrorAndExits1(_ reply: HTTPPeer.Reply, _ line: String) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([reply])
        let file = try ConfigFile(#""hook": {"type": "slack", "url": "\#(endpoint.url())"}"#)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["notify", "hook", "--config", file.path], io: captured.io) == 1)
        #expect(captured.out == [])
        #expect(captured.err == [line])
        #expect(try endpoint.requests().count == 1)
    }

    @Test func logChannelWritesTheEvent() async throws {
        let file = try ConfigFile(#""console": {"type": "log"}"#)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["notify", "console", "--config", file.path], io: captured.io) == 0)
        #expect(captured.out == ["sent to console"])
        #expect(captured.err.count == 1)
        #expect(captured.err.first?.contains("msg=\"alert firing\" rule=satwatch-test") == true)
        #expect(captured.err.first?.contains("message=\"Test notification from satwatch through channel console\"") == true)
    }

    @Test(arguments: [
        (["notify", "nope"], "satwatch notify: unknown channel \"nope\" (configured: console, hook)"),
        (["notify"], "satwatch notify: name the channel to send to"),
        (["notify", "console", "hook"], "satwatch notify: unexpected argument \"hook\""),
        (["notify", "console", "--messages", "x"], "satwatch notify: unknown option \"--messages\" (did you mean \"--message\"?)"),
        (["notify", "hok"], "satwatch notify: unknown channel \"hok\" (did you mean \"hook\"?)"),
        (["notify", "consloe"], "satwatch notify: unknown channel \"consloe\" (did you mean \"console\"?)"),
    ] as [([String], String)])
    func usageErrorsExit2(_ arguments: [String], _ message: String) async throws {
        let file = try ConfigFile(#""console": {"type": "log"}, "hook": {"type": "webhook", "url": "http://127.0.0.1:9/x"}"#)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(arguments + ["--config", file.path], io: captured.io) == 2)
        #expect(captured.err == [message, "Run 'satwatch notify --help' for usage."])
    }

    @Test func invalidConfigExits1WithItsProblems() async throws {
        let file = try ConfigFile(#""hook": {"type": "webhook"}"#)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["notify", "hook", "--config", file.path], io: captured.io) == 1)
        #expect(captured.err == ["\(file.path):1:36: missing required key \"url\"",
                                 "\(file.path): 1 problem; run 'satwatch check' for details"])
    }
}
