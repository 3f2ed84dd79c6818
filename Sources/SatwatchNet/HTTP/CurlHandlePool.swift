import Synchronization

/// Idle easy handles kept for their open connections. libcurl keeps a handle's connections
/// alive after a transfer, so the next request to the same host through it skips the TCP (and
/// TLS) handshake; for an alert channel that is most of a delivery's time on a real network.
final class CurlHandlePool: Sendable {
    /// A handle in the pool. `CurlEasy` is not thread-safe, but an idle one is used by no one:
    /// `take` hands it to exactly one caller, who gives it back with `put` once its transfer is
    /// over. That exclusive hand-over is what makes the unchecked `Sendable` sound.
    private struct Idle: @unchecked Sendable { let easy: CurlEasy }

    private let idle = Mutex<[Idle]>([])
    private let capacity: Int

    /// A pool keeping at most `capacity` idle handles (more concurrent transfers get fresh ones).
    init(capacity: Int) { self.capacity = capacity }

    /// An idle handle, reset for a new transfer, or a new one.
    func take() throws(CurlError) -> CurlEasy {
        if let kept = idle.withLock({ $0.popLast() }) {
            kept.easy.reset()
            return kept.easy
        }
        return try CurlEasy()
    }

    /// Returns a handle whose transfer completed; dropped (its connections closed) when the
    /// pool is full.
    func put(_ easy: CurlEasy) {
        let kept = Idle(easy: easy)
        idle.withLock { handles in
            if handles.count < capacity { handles.append(kept) }
        }
    }
}
