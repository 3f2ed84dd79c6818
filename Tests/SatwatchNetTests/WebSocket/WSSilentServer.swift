import Dispatch
import Glibc
import SatwatchTestSupport
import Synchronization

/// A loopback server that accepts one connection, reads whatever the client sends and never
/// answers, timing from its side how long the client stayed: from accept to the client's close.
/// Measured on the server's own thread, that span does not depend on when the client's awaiting
/// task gets a cooperative thread back, which a loaded test run can delay by seconds.
final class WSSilentServer: Sendable {
    let port: Int
    private let listener: Int32
    private let stayed = Mutex<Duration?>(nil)
    private let accepted = Mutex(false)

    init() throws {
        let (listener, port) = try LoopbackSocket.bind(listening: true)
        self.listener = listener
        self.port = port
        DispatchQueue(label: "ws-silent-server").async { [self] in
            let client = accept(listener, nil, nil)
            let acceptedAt = ContinuousClock.now
            self.accepted.withLock { $0 = client >= 0 }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while client >= 0, buffer.withUnsafeMutableBytes({ read(client, $0.baseAddress, $0.count) }) > 0 {}
            stayed.withLock { $0 = ContinuousClock.now - acceptedAt }
            if client >= 0 { close(client) }
        }
    }

    /// Whether the server has accepted the client's connection within `limit`.
    func clientConnected(waitingUpTo limit: Duration = .seconds(30)) async throws -> Bool {
        try await Eventually.wait(upTo: limit) { accepted.withLock { $0 } }
    }

    /// How long the client kept the connection, once it closed it (nil if it has not within
    /// `limit`).
    func clientStayed(waitingUpTo limit: Duration = .seconds(30)) async -> Duration? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let span = stayed.withLock({ $0 }) { return span }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    deinit { close(listener) }
}
