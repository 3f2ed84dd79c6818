import WebSocketFraming

/// The messages of a connection, in order (see `WebSocketConnection.messages`). Taking one makes
/// room in the connection's backlog, so the server is read only as fast as they are taken.
package struct WebSocketMessages: AsyncSequence, Sendable {
    package typealias Element = WebSocketMessage

    let stream: AsyncThrowingStream<WebSocketMessage, any Error>
    let backlog: WebSocketBacklog

    /// Iterates the messages; single consumer.
    package struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<WebSocketMessage, any Error>.AsyncIterator
        let backlog: WebSocketBacklog

        /// The next message; nil after a clean close, throws what ended the connection otherwise.
        package mutating func next() async throws -> WebSocketMessage? {
            guard let message = try await base.next() else { return nil }
            backlog.take(message.byteCount)
            return message
        }
    }

    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), backlog: backlog)
    }
}

extension WebSocketMessage {
    /// The payload's size in bytes.
    var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}
