import SatwatchNet
import WebSocketFraming

/// Reading helpers for connection tests, each bounded in time so a bug fails instead of hanging.
enum WSRead {
    struct TimedOut: Error {}

    /// Runs `body`, throwing `TimedOut` (and cancelling it) after `seconds`.
    static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Messages until the stream ends or `count` arrived, and the error that ended it.
    static func messages(
        _ connection: WebSocketConnection, count: Int = .max, seconds: Double = 20
    ) async throws -> (messages: [WebSocketMessage], error: WebSocketError?) {
        try await within(seconds) {
            var messages: [WebSocketMessage] = []
            do {
                for try await message in connection.messages {
                    messages.append(message)
                    if messages.count == count { break }
                }
                return (messages, nil)
            } catch let error as WebSocketError {
                return (messages, error)
            }
        }
    }
}
