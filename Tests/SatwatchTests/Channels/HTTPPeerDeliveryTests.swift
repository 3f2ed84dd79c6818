import Foundation
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchTestSupport
import Testing

/// Every HTTP channel type delivering to a real HTTP server (`Tests/Peers/http_peer.py`), and the
/// classification of the server's answers and of transport failures.
@Suite struct HTTPPeerDeliveryTests {
    /// Config templates: `URL` is the endpoint with its script, `BASE` without (for channels
    /// that append a path); the expected path is relative to the endpoint.
    @Test(arguments: [
        (#"{"type": "webhook", "url": "URL"}"#, "", "application/json"),
        (#"{"type": "slack", "url": "URL"}"#, "", "application/json"),
        (#"{"type": "discord", "url": "URL"}"#, "", "application/json"),
        (#"{"type": "teams", "url": "URL"}"#, "", "application/json"),
        (#"{"type": "telegram", "token": "123456:ABC-def", "chat_id": 42, "url": "BASE"}"#,
         "/bot123456:ABC-def/sendMessage", "application/json"),
        (#"{"type": "ntfy", "url": "URL", "token": "tk_secret"}"#, "", "text/plain; charset=utf-8"),
        (#"{"type": "alertmanager", "url": "BASE/"}"#, "/api/v2/alerts", "application/json"),
    ] as [(String, String, String)])
    func channelPostsItsRequest(_ template: String, _ path: String, _ contentType: String) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let config = template.replacingOccurrences(of: "URL", with: endpoint.url()).replacingOccurrences(of: "BASE", with: endpoint.base())
        let channel = try ChannelConfigProbe.http(config)
        let expected = channel.request(for: ChannelFixtures.firing)
        #expect(await channel.deliver(ChannelFixtures.firing) == .delivered)
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.method == "POST")
        #expect(recorded.path == (path.isEmpty ? endpoint.path + endpoint.query : endpoint.path + path))
        #expect(recorded.header("Content-Type") == contentType)
        #expect(recorded.header("User-Agent") == "satwatch/\(SatwatchVersion.current)")
        for header in expected.headers { #expect(recorded.header(header.name) == header.value) }
        #expect(recorded.header("Content-Length") == String(expected.body.count))
        #expect(recorded.body == expected.body)
    }

    @Test func webhookBodyArrivesExactlyAsTheGolden() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let channel = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "\#(endpoint.url())"}"#)
        #expect(await channel.deliver(ChannelFixtures.resolved) == .delivered)
        let body = String(decoding: try #require(try endpoint.requests().first).body, as: UTF8.self)
        let golden = try #require(PayloadGoldenTests.cases.first { $0.label == "webhook resolved" })
        #expect(body == golden.body)
    }

    @Test(arguments: [
        (HTTPPeer.Reply(status: 500, body: "database down"),
         DeliveryOutcome.failed(.init("HTTP 500 Internal Server Error: database down", retryable: true))),
        (.init(status: 429, headers: [["Retry-After", "3"]], body: "slow down"),
         .failed(.init("HTTP 429 Too Many Requests: slow down", retryable: true, retryAfter: .seconds(3)))),
        (.init(status: 429, body: #"{"ok":false,"error_code":429,"parameters":{"retry_after":35}}"#),
         .failed(.init(#"HTTP 429 Too Many Requests: {"ok":false,"error_code":429,"parameters":{"retry_after":35}}"#,
                       retryable: true, retryAfter: .seconds(35)))),
        (.init(status: 503, headers: [["Retry-After", "120"]]),
         .failed(.init("HTTP 503 Service Unavailable", retryable: true, retryAfter: .seconds(120)))),
        (.init(status: 400, body: "invalid_payload"), .failed(.init("HTTP 400 Bad Request: invalid_payload", retryable: false))),
        (.init(status: 404, body: "no_service"), .failed(.init("HTTP 404 Not Found: no_service", retryable: false))),
        (.init(status: 204), .delivered),
    ] as [(HTTPPeer.Reply, DeliveryOutcome)])
    func answersAreClassified(_ reply: HTTPPeer.Reply, _ expected: DeliveryOutcome) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([reply])
        let channel = try ChannelConfigProbe.http(#"{"type": "slack", "url": "\#(endpoint.url())"}"#)
        #expect(await channel.deliver(ChannelFixtures.firing) == expected)
        #expect(try endpoint.requests().count == 1)
    }

    @Test func slowServerTimesOutRetryably() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 2)])
        let channel = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "\#(endpoint.url())", "timeout": "300ms"}"#)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(failure.retryable)
        #expect(failure.reason.hasPrefix("curl error 28: "))
    }

    @Test func refusedConnectionIsRetryable() async throws {
        let closed = try ClosedPort()
        let channel = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "http://127.0.0.1:\#(closed.port)/x"}"#)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(failure.retryable)
        #expect(failure.reason.hasPrefix("curl error 7: "))
    }

    @Test func tlsWithCAFileIsDeliveredAndWithoutItIsPermanent() async throws {
        let peer = try await HTTPPeer.shared(tls: true)
        let endpoint = try peer.endpoint()
        let trusted = try ChannelConfigProbe.http(#"{"type": "discord", "url": "\#(endpoint.url())", "ca_file": "\#(peer.caFile)"}"#)
        #expect(await trusted.deliver(ChannelFixtures.firing) == .delivered)
        let untrusted = try ChannelConfigProbe.http(#"{"type": "discord", "url": "\#(endpoint.url())"}"#)
        let outcome = await untrusted.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(!failure.retryable)
        #expect(failure.reason.hasPrefix("curl error 60: "))
        #expect(try endpoint.requests().count == 1)
    }
}
