import Foundation
import SatwatchNet
import SatwatchTestSupport
import Testing
import WebSocketFraming

/// The client against a real server (`websockets` in Python): data path, TLS, close, cancel.
@Suite("WebSocket connection")
struct WebSocketConnectionTests {
    private static let feesFixture = TestPaths.feedFixtures.appendingPathComponent("mempool-ws-fees.jsonl").path

    /// The fixture's frames, split on "\n" only (some carry U+0085).
    private static func fixtureFrames() throws -> [[UInt8]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: feesFixture))
        return data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { Array($0) }
    }

    /// Text messages as their UTF-8 bytes: String `==` compares canonical equivalence, not bytes.
    private static func bytes(_ messages: [WebSocketMessage]) -> [[UInt8]] {
        messages.map { message in
            switch message {
            case .text(let text): Array(text.utf8)
            case .binary(let bytes): [0xFF] + bytes
            }
        }
    }

    @Test("Replays the mempool feed over ws:// byte for byte, after the client's init")
    func replayPlain() async throws {
        let peer = try await WSPeer.start(["--expect-first-message", #"{"action":"init"}"#, "--replay", Self.feesFixture])
        let connection = try await WebSocketConnection.connect(peer.options("/api/v1/ws"))
        try await connection.send(text: #"{"action":"init"}"#)
        let (messages, error) = try await WSRead.messages(connection, count: 215)
        #expect(error == nil)
        #expect(Self.bytes(messages) == (try Self.fixtureFrames()))
        await connection.close()
    }

    @Test("Replays the mempool feed over wss:// with a CA file")
    func replayTLS() async throws {
        let certificates = try #require(await WSCertificates.shared.value)
        let peer = try await WSPeer.start(["--replay", Self.feesFixture], tls: certificates)
        let connection = try await WebSocketConnection.connect(peer.options(caFile: certificates.caCertificate))
        let (messages, error) = try await WSRead.messages(connection, count: 215)
        #expect(error == nil)
        #expect(Self.bytes(messages) == (try Self.fixtureFrames()))
        await connection.close()
        #expect(try await peer.event("closed")?["code"] as? Int == 1000)
    }

    @Test("Without the CA file the TLS handshake fails on the certificate")
    func untrustedCertificate() async throws {
        let certificates = try #require(await WSCertificates.shared.value)
        let peer = try await WSPeer.start([], tls: certificates)
        do {
            _ = try await WebSocketConnection.connect(peer.options())
            Issue.record("connected to a server with an untrusted certificate")
        } catch let WebSocketError.transport(curl) {
            #expect(curl.code == 60)
            #expect(WebSocketError.transport(curl).description.hasPrefix("WebSocket connect failed: curl error 60: "))
        }
    }

    @Test("Sends path, User-Agent and extra headers in the upgrade request")
    func requestHeaders() async throws {
        let peer = try await WSPeer.start([])
        let options = WebSocketOptions(
            url: peer.url("/api/v1/ws?x=1"), userAgent: "satwatch-test/1", headers: ["Origin": "https://example.test"])
        let connection = try await WebSocketConnection.connect(options)
        let request = try #require(try await peer.event("connect"))
        let headers = try #require(request["headers"] as? [String: String])
        #expect(request["path"] as? String == "/api/v1/ws?x=1")
        #expect(headers["User-Agent"] == "satwatch-test/1")
        #expect(headers["Origin"] == "https://example.test")
        #expect(headers["Sec-WebSocket-Extensions"] == nil)
        await connection.close()
    }

    @Test("Text sent by the client reaches the server (echo)")
    func echo() async throws {
        let peer = try await WSPeer.start(["--echo"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let texts = ["{\"action\":\"ping\"}", "é ü \u{85} 😀", String(repeating: "z", count: 70_000)]
        for text in texts { try await connection.send(text: text) }
        let (messages, error) = try await WSRead.messages(connection, count: texts.count)
        #expect(error == nil)
        #expect(Self.bytes(messages) == texts.map { Array($0.utf8) })
        await connection.close()
    }

    @Test("Fragments with a ping between them are reassembled")
    func fragmented() async throws {
        let peer = try await WSPeer.start(["--fragment", "Hello, fragmented world!"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let (messages, _) = try await WSRead.messages(connection, count: 1)
        #expect(messages == [.text("Hello, fragmented world!")])
        await connection.close()
    }

    @Test("Pings are answered without the consumer's help")
    func automaticPong() async throws {
        let peer = try await WSPeer.start(["--ping", "are you there"])
        let connection = try await WebSocketConnection.connect(peer.options())
        #expect(try await peer.event("pong")?["data"] as? String == "are you there")
        await connection.close()
    }

    @Test("A text frame holding U+0085 arrives intact")
    func nextLine() async throws {
        let text = "{\"name\":\"a\u{85}b\", \"x\": 1}"
        let peer = try await WSPeer.start(["--text", text])
        let connection = try await WebSocketConnection.connect(peer.options())
        let (messages, _) = try await WSRead.messages(connection, count: 1)
        #expect(Self.bytes(messages) == [Array(text.utf8)])
        await connection.close()
    }

    @Test("Binary frames arrive as binary")
    func binary() async throws {
        let peer = try await WSPeer.start(["--binary", "70000"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let (messages, _) = try await WSRead.messages(connection, count: 1)
        #expect(messages == [.binary((0..<70_000).map { UInt8($0 % 256) })])
        await connection.close()
    }
}
