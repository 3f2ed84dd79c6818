import Foundation
import Glibc
import SatwatchTestSupport
import Testing
import SatwatchNet

/// `connect` failures: each must throw promptly with an error that says what went wrong.
@Suite("WebSocket connect failures")
struct WebSocketConnectFailureTests {
    @Test("A refused upgrade reports the HTTP status")
    func rejected() async throws {
        let peer = try await WSPeer.start(["--reject", "403"])
        await #expect(throws: WebSocketError.handshakeStatus(code: 403, reason: "Forbidden")) {
            _ = try await WebSocketConnection.connect(peer.options())
        }
    }

    @Test("A closed port is a transport error (curl 7)")
    func refused() async throws {
        let closed = try ClosedPort()
        do {
            _ = try await WebSocketConnection.connect(WebSocketOptions(url: "ws://127.0.0.1:\(closed.port)/"))
            Issue.record("connected to a closed port")
        } catch let WebSocketError.transport(curl) {
            #expect(curl.code == 7)
        }
    }

    @Test("A server that never answers the upgrade hits connectTimeout")
    func handshakeTimeout() async throws {
        let server = try WSSilentServer()
        await #expect(throws: WebSocketError.handshakeTimeout(.milliseconds(500))) {
            _ = try await WebSocketConnection.connect(
                WebSocketOptions(url: "ws://127.0.0.1:\(server.port)/", connectTimeout: .milliseconds(500)))
        }
        // Timed by the server: the client hung up about 0.5 s after connecting, far from the
        // 10 s default, however late this task got its thread back.
        let stayed = try #require(await server.clientStayed())
        #expect(stayed < .seconds(5), "the client stayed \(stayed)")
    }

    @Test("Cancelling connect returns at once")
    func cancelConnect() async throws {
        let server = try WSSilentServer()
        let attempt = Task {
            try await WebSocketConnection.connect(
                WebSocketOptions(url: "ws://127.0.0.1:\(server.port)/", connectTimeout: .seconds(60)))
        }
        // Cancelled while it waits for the handshake's answer, not before it has connected.
        try #require(try await server.clientConnected())
        attempt.cancel()
        await #expect(throws: CancellationError.self) { _ = try await attempt.value }
        // Timed by the server: the client hung up soon after the cancel, not at its timeout.
        let stayed = try #require(await server.clientStayed())
        #expect(stayed < .seconds(30), "the client stayed \(stayed)")
    }

    @Test("Unusable options are refused before connecting", arguments: [
        (WebSocketOptions(url: "http://127.0.0.1/"), "URL must start with ws:// or wss://: http://127.0.0.1/"),
        (WebSocketOptions(url: "ws://h/", headers: ["Upgrade": "h2c"]), "header Upgrade is set by the WebSocket handshake itself"),
    ])
    func invalidOptions(options: WebSocketOptions, reason: String) async {
        await #expect(throws: WebSocketError.invalidOptions(reason)) {
            _ = try await WebSocketConnection.connect(options)
        }
    }
}
