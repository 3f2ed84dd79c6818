import Glibc
import WebSocketFraming

/// A client WebSocket connection (RFC 6455) over a libcurl transport.
///
/// A dedicated thread owns the connection: it answers pings and server close frames by itself,
/// delivers data messages to `messages`, and writes what `send(text:)` queues. The connection
/// ends when `close()` completes, when the consumer of `messages` is cancelled (or drops the
/// stream), or on any failure, which finishes `messages` with a `WebSocketError`.
package final class WebSocketConnection: Sendable {
    /// Messages from the server, in order. Finishes without error after `close()`, and throws
    /// `WebSocketError.closedByPeer` when the server closed, or another `WebSocketError` on failure.
    /// Single consumer; cancelling its task ends the connection.
    /// The server is read only as fast as messages are taken (see `WebSocketOptions.maxBufferedBytes`).
    package let messages: WebSocketMessages
    private let outbox: WebSocketOutbox

    /// Writes to a socket the peer reset must fail with EPIPE, not kill the process.
    private static let ignoreBrokenPipe: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    private init(messages: WebSocketMessages, outbox: WebSocketOutbox) {
        self.messages = messages
        self.outbox = outbox
    }

    /// Connects and performs the opening handshake; returns once the server accepted the upgrade.
    ///
    /// Throws `WebSocketError` (`invalidOptions`, `transport` for DNS/TCP/TLS/certificate
    /// failures, `handshake…`), or `CancellationError` when the calling task is cancelled.
    package static func connect(_ options: WebSocketOptions) async throws -> WebSocketConnection {
        _ = ignoreBrokenPipe
        let url = try WebSocketURL(options.url)
        let handshake = WebSocketHandshake()
        let request = try handshake.request(for: url, userAgent: options.userAgent, headers: options.headers)
        let outbox = try WebSocketOutbox()
        let backlog = WebSocketBacklog(limit: options.maxBufferedBytes ?? options.maxMessageBytes, wakeup: outbox.wakeup)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self)
        continuation.onTermination = { termination in
            if case .cancelled = termination { outbox.cancel() }
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (ready: CheckedContinuation<Void, any Error>) in
                guard outbox.setReady(ready) else {
                    ready.resume(throwing: CancellationError())
                    return
                }
                let worker = WebSocketWorker(
                    url: url, options: options, handshake: handshake, request: request,
                    outbox: outbox, messages: continuation, backlog: backlog)
                do throws(WebSocketError) {
                    try worker.start()
                } catch {
                    outbox.resolveReady(error)
                }
            }
        } onCancel: {
            outbox.cancel()
        }
        return WebSocketConnection(messages: WebSocketMessages(stream: stream, backlog: backlog), outbox: outbox)
    }

    /// Sends one text message; returns once it is written to the socket. Throws
    /// `WebSocketError.closed` after `close()`, or the error that ended the connection.
    package func send(text: String) async throws {
        try await outbox.send(WebSocketFrameEncoder.encode(.text, payload: text.utf8, maskKey: .random(in: .min ... .max)))
    }

    /// Performs the close handshake: sends a close frame with `code` and `reason` (cut to 123
    /// bytes), waits up to `closeTimeout` for the server's close, then releases the connection.
    /// Returns once the connection thread has stopped; calling it again just waits for that.
    package func close(code: UInt16 = 1000, reason: String = "") async {
        outbox.requestClose(code: code, reason: reason)
        await outbox.waitForExit()
    }
}
