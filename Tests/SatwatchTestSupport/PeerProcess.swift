import Foundation

/// A real test peer (a Python server under `Tests/Peers/`) running as a child process.
///
/// The script must print one line `READY <port>` on stdout once it listens; `start` waits for
/// it (10 s at most) on a thread outside the cooperative pool. The peer is stopped by `stop()`
/// or when the object goes away, without blocking the caller; shared peers live until the test
/// process ends (each peer exits when its parent does).
public final class PeerProcess: Sendable {
    /// The port the peer listens on, from its READY line.
    public let port: Int
    private let child: ChildProcess

    /// The peer exited or stayed silent before printing `READY <port>`.
    public enum PeerError: Error { case notReady(String) }

    /// Starts `<TestPaths.python> -u Tests/Peers/<script> <arguments>` and waits for its READY line.
    private init(script: String, arguments: [String]) throws {
        let path = TestPaths.peers.appendingPathComponent(script).path
        child = try ChildProcess([TestPaths.python, "-u", path] + arguments, stdout: .capture)
        let deadline = ContinuousClock.now + .seconds(10)
        while let line = child.readLine(before: deadline) {
            if line.hasPrefix("READY "), let port = Int(line.dropFirst(6)) {
                self.port = port
                return
            }
        }
        child.stop()
        throw PeerError.notReady(script)
    }

    /// Stops the peer: SIGTERM now, SIGKILL later if needed, reaped in the background.
    public func stop() {
        child.stop()
    }

    deinit { child.stop() }

    /// Starts a peer of its own, waiting for READY on a thread outside the cooperative pool:
    /// blocking one of its two threads (2 cores here) would starve parallel tests and skew the
    /// timing ones.
    public static func start(script: String, arguments: [String] = []) async throws -> PeerProcess {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "peer-start").async {
                continuation.resume(with: Result { try PeerProcess(script: script, arguments: arguments) })
            }
        }
    }

    /// The running peer for `script` and `arguments`, started on first use and shared by every
    /// test of the run (a Python start costs up to a second here). It is never stopped: it
    /// exits when the test process does.
    public static func shared(script: String, arguments: [String] = []) async throws -> PeerProcess {
        try await registry.peer(script: script, arguments: arguments)
    }

    private static let registry = PeerRegistry()
}
