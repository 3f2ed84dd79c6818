import Synchronization

/// Everything other threads hand to a connection's thread, under one lock: frames to send,
/// a close or cancel request, and the continuations waiting for the connection to open or end.
/// After each change the thread is woken through the self-pipe.
final class WebSocketOutbox: Sendable {
    /// One encoded frame and the `send` call waiting until it is written.
    struct Outgoing: Sendable {
        var frame: [UInt8]
        var done: CheckedContinuation<Void, any Error>
    }

    /// What the connection thread takes on each wake-up.
    struct Requests {
        var frames: [Outgoing]
        var close: (code: UInt16, reason: String)?
        var cancelled: Bool
    }

    private struct State {
        var frames: [Outgoing] = []
        var close: (code: UInt16, reason: String)?
        var cancelled = false
        /// Set once the thread has stopped; later sends fail with it.
        var ended: WebSocketError?
        var ready: CheckedContinuation<Void, any Error>?
    }

    let wakeup: WakeupPipe
    private let state = Mutex(State())
    private let exit = ThreadCompletion()

    init() throws(WebSocketError) {
        do {
            wakeup = try WakeupPipe()
        } catch {
            throw .connectionLost(error.description)
        }
    }

    /// Queues `frame` and returns once the thread wrote it, or throws why it never will be.
    func send(_ frame: [UInt8]) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            let refusal: WebSocketError? = state.withLock { state in
                if let ended = state.ended { return ended }
                if state.close != nil || state.cancelled { return .closed }
                state.frames.append(Outgoing(frame: frame, done: done))
                return nil
            }
            if let refusal { done.resume(throwing: refusal) } else { wakeup.signal() }
        }
    }

    /// Asks for the close handshake; only the first request counts.
    func requestClose(code: UInt16, reason: String) {
        state.withLock { state in
            if state.close == nil { state.close = (code, reason) }
        }
        wakeup.signal()
    }

    /// Stops the connection as soon as possible; a pending `connect` throws `CancellationError`.
    func cancel() {
        let ready = state.withLock { state in
            state.cancelled = true
            return state.ready.take()
        }
        ready?.resume(throwing: CancellationError())
        wakeup.signal()
    }

    /// Suspends until the thread has stopped and released the connection.
    func waitForExit() async { await exit.wait() }

    /// Registers the `connect` call waiting for the handshake; false when already cancelled.
    func setReady(_ ready: CheckedContinuation<Void, any Error>) -> Bool {
        state.withLock { state in
            if state.cancelled { return false }
            state.ready = ready
            return true
        }
    }

    /// Resumes the waiting `connect` call (once); false when nobody waits any more.
    @discardableResult
    func resolveReady(_ error: WebSocketError?) -> Bool {
        guard let ready = state.withLock({ $0.ready.take() }) else { return false }
        if let error { ready.resume(throwing: error) } else { ready.resume() }
        return true
    }

    /// True once `cancel()` was called.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Takes the queued requests (thread side).
    func take() -> Requests {
        state.withLock { state in
            defer { state.frames.removeAll() }
            return Requests(frames: state.frames, close: state.close, cancelled: state.cancelled)
        }
    }

    /// Marks the connection ended with `error` and fails or releases everyone still waiting.
    func end(_ error: WebSocketError) {
        let frames = state.withLock { state in
            state.ended = error
            defer { state.frames.removeAll() }
            return state.frames
        }
        for outgoing in frames { outgoing.done.resume(throwing: error) }
        resolveReady(error)
        exit.finish()
    }
}
