import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// A receiver that echoes the URL it was called with (`Cannot POST /hooks/<token>`): its answer
/// reaches the failure reason, the outbox and `notify` with every secret hidden.
@Suite struct SecretEchoTests {
    /// Written literally into the URL's path, as chat webhooks carry their credential.
    static let pathToken = "B07ABCDEF12xoxbSecretHookToken"
    /// Written literally into the URL's query.
    static let queryToken = "q7Token0123456789abcdef"
    /// A literal ntfy access token, sent as `Authorization: Bearer`.
    static let bearer = "tk_bearer0123secret"

    /// A webhook-style URL of `endpoint` with a token in its path and its query.
    static func url(_ endpoint: HTTPPeer.Endpoint) -> String {
        endpoint.base() + "/hooks/\(pathToken)" + endpoint.query + "&token=\(queryToken)"
    }

    /// Every part of `url(endpoint)` and the tokens a leak would show.
    static func secrets(_ endpoint: HTTPPeer.Endpoint) -> [String] {
        [url(endpoint), "/hooks/\(pathToken)", pathToken, String(endpoint.path.dropFirst(3)), queryToken, bearer]
    }

    static func leaks(_ text: String, _ endpoint: HTTPPeer.Endpoint) -> [String] {
        secrets(endpoint).filter { text.contains($0) }
    }

    static let echo404 = HTTPPeer.Reply(status: 404, body: "Cannot POST ", echo: true)
    static let echo401 = HTTPPeer.Reply(status: 401, body: "unauthorized: Bearer \(bearer) for ", echo: true)

    @Test(arguments: ["webhook", "slack", "discord", "teams", "ntfy"])
    func failureReasonHidesTheEchoedURL(_ type: String) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([type == "ntfy" ? Self.echo401 : Self.echo404])
        let token = type == "ntfy" ? #", "token": "\#(Self.bearer)""# : ""
        let channel = try ChannelConfigProbe.http(#"{"type": "\#(type)", "url": "\#(Self.url(endpoint))"\#(token)}"#)
        guard case .failed(let failure) = await channel.deliver(ChannelFixtures.firing) else {
            Issue.record("a 4xx was taken as delivered")
            return
        }
        #expect(try endpoint.requests().count == 1)
        #expect(failure.reason.hasSuffix(" ***"), "\(failure.reason)")
        #expect(Self.leaks(failure.reason, endpoint) == [], "\(failure.reason)")
    }

    @Test func storedLastErrorAndItsLogLineHaveNoSecret() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Self.echo404])
        let file = try NotifyCommandTests.ConfigFile(#""hook": {"type": "webhook", "url": "\#(Self.url(endpoint))"}"#)
        let logged = SinkBox()
        let logger = Logger(level: .info, sink: logged.append)
        let (setup, problems) = Setup.load(path: file.path, environment: [:], logger: logger)
        #expect(problems.isEmpty, "\(problems)")
        let config = try #require(setup?.config)
        let store = try StateStore.open(path: config.statePath)
        let at = WallClock.now()
        let notification = SatwatchRules.Notification(rule: "r", status: .firing, metric: "fee.fastest", value: 12, threshold: 10,
                                                    at: at, startsAt: at, message: "m", channels: ["hook"])
        try store.commit([RuleChange(rule: "r", state: RuleState(digest: "d"), notification: notification)], at: at)
        let dispatcher = Dispatcher(stateFile: StateFile(path: config.statePath), channels: config.channels, logger: logger)
        try await DispatcherTests.run(dispatcher) { try store.outbox.entries(states: [.dead]).count == 1 }
        let stored = try #require(try store.outbox.entries(states: [.dead]).first?.lastError)
        #expect(stored == "HTTP 404 Not Found: Cannot POST ***", "\(stored)")
        #expect(Self.leaks(stored, endpoint) == [])
        #expect(logged.lines.contains { $0.contains("delivery dead") })
        #expect(Self.leaks(logged.lines.joined(separator: "\n"), endpoint) == [])
    }

    @Test func notifyPrintsNoLiteralSecret() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([Self.echo404])
        let file = try NotifyCommandTests.ConfigFile(#""hook": {"type": "webhook", "url": "\#(Self.url(endpoint))"}"#)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["notify", "hook", "--config", file.path], io: captured.io) == 1)
        #expect(captured.err == ["failed to send to hook: HTTP 404 Not Found: Cannot POST *** (permanent: the worker would not retry)"])
        #expect(Self.leaks((captured.out + captured.err).joined(separator: "\n"), endpoint) == [])
    }
}
