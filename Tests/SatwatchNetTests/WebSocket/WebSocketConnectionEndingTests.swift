import Foundation
import Testing
import SatwatchNet
import SatwatchTestSupport
import Synchronization

/// How a connection ends: close handshakes both ways, cancellation, failures and their errors.
@Suite("WebSocket connection endings")
struct WebSocketConnectionEndingTests {
    @Test("close() completes the close handshake and finishes the stream without error")
    func clientClose() async throws {
        let peer = try await WSPeer.start([])
        var options = peer.options()
        options.closeTimeout = .seconds(60)
        let connection = try await WebSocketConnection.connect(options)
        let start = ContinuousClock.now
        await connection.close(code: 1000, reason: "bye")
        // Returning well before closeTimeout means the server's close frame came back.
        #expect(ContinuousClock.now - start < .seconds(30))
        let (messages, error) = try await WSRead.messages(connection)
        #expect(messages.isEmpty && error == nil)
        let closed = try #require(try await peer.event("closed"))
        #expect(closed["code"] as? Int == 1000)
        #expect(closed["reason"] as? String == "bye")
        await #expect(throws: WebSocketError.closed) { try await connection.send(text: "late") }
    }

    @Test("close() gives up after closeTimeout when the server never answers")
    func closeSilentPeer() async throws {
        let peer = try await WSPeer.start(["--silent"])
        var options = peer.options()
        options.closeTimeout = .milliseconds(500)
        let connection = try await WebSocketConnection.connect(options)
        let start = ContinuousClock.now
        await connection.close()
        let elapsed = ContinuousClock.now - start
        // Without a close timeout it would wait for the silent server forever.
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(30))
        let (_, error) = try await WSRead.messages(connection)
        #expect(error == nil)
    }

    /// How many messages a consumer has read.
    final class Received: Sendable {
        let count = Mutex(0)
    }

    @Test("Cancelling the consumer closes the connection promptly")
    func cancelConsumer() async throws {
        let peer = try await WSPeer.start(["--text", "first"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let received = Received()
        let consumer = Task {
            for try await _ in connection.messages { received.count.withLock { $0 += 1 } }
        }
        // Cancelled while it waits for the next message, not before it has started reading.
        try #require(try await Eventually.wait { received.count.withLock { $0 } == 1 })
        let start = ContinuousClock.now
        consumer.cancel()
        _ = try? await consumer.value
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(try await peer.event("closed", within: 5)?["code"] as? Int == 1001)
        await #expect(throws: WebSocketError.closed) { try await connection.send(text: "late") }
    }

    @Test("Dropping the connection and its stream closes it")
    func dropConnection() async throws {
        let peer = try await WSPeer.start([])
        _ = try await WebSocketConnection.connect(peer.options())
        // Far from the failure it tells apart (never closed); a loaded run has taken over 5 s.
        #expect(try await peer.event("closed", within: 30)?["code"] as? Int == 1001)
    }

    @Test("A server close ends the stream with its code and reason, and is answered")
    func serverClose() async throws {
        let peer = try await WSPeer.start(["--close-after", "2", "--close-code", "4001", "--close-reason", "bye now"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let (messages, error) = try await WSRead.messages(connection)
        #expect(messages == [.text("message 1"), .text("message 2")])
        #expect(error == .closedByPeer(code: 4001, reason: "bye now"))
        #expect(error?.description == "WebSocket closed by peer: 4001 \"bye now\"")
        #expect(try await peer.event("closed")?["code"] as? Int == 4001)
    }

    @Test("TCP dropped in the middle of a frame is a lost connection")
    func dropMidFrame() async throws {
        let peer = try await WSPeer.start(["--text", "first", "--drop-mid-frame"])
        let connection = try await WebSocketConnection.connect(peer.options())
        let (messages, error) = try await WSRead.messages(connection)
        #expect(messages == [.text("first")])
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
    }

    @Test("Server misbehaviour fails the stream and is closed with the RFC's status code", arguments: [
        (["--text", "small", "--oversize", "5000"], WebSocketError.messageTooBig(size: 5000, limit: 1000), 1009),
        (["--text", "small", "--invalid-utf8"], .invalidUTF8, 1007),
        (["--text", "small", "--raw", "c100"], .protocolViolation("reserved bits set without a negotiated extension"), 1002),
        (["--text", "small", "--raw", "8180000000006161"], .protocolViolation("masked frame from the server"), 1002),
    ])
    func misbehaviour(arguments: [String], expected: WebSocketError, code: Int) async throws {
        let peer = try await WSPeer.start(arguments)
        var options = peer.options()
        options.maxMessageBytes = 1000
        let connection = try await WebSocketConnection.connect(options)
        let (messages, error) = try await WSRead.messages(connection)
        #expect(messages == [.text("small")])
        #expect(error == expected)
        #expect(try await peer.event("closed")?["code"] as? Int == code)
    }
}
