import Foundation

extension PeerProcess {
    /// Starts a peer of its own, as `init(script:arguments:)` does, but waits for READY on a
    /// thread outside the cooperative pool: blocking one of its two threads (2 cores here)
    /// would starve parallel tests and skew the timing ones.
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
