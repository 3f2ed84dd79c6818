import Synchronization

/// What a handler of `HTTPServer` gives back: the response now, or one that another thread
/// completes later.
package enum HTTPServerReply: Sendable {
    /// Sent at once.
    case now(HTTPServerResponse)
    /// Sent when it is completed, or its fallback once its deadline passes.
    case later(HTTPDeferredResponse)
}

/// A response that work on another thread gives later (a query on the state file's own queue):
/// the handler returns `.later(deferred)` at once and hands `deferred` to that work, which calls
/// `complete(_:)` from any thread. The server's thread serves other clients meanwhile; it sends
/// the response as soon as it is complete, or the fallback once the deadline passes, so neither
/// slow work nor work that never finishes can hold a request, let alone the server.
///
/// Once the fallback went out, the client left or the server stopped, the response is no longer
/// wanted (`isWanted`): work that has not started yet can skip, and a completion after that is
/// dropped.
package final class HTTPDeferredResponse: Sendable {
    /// When the server stops waiting and sends the fallback instead.
    package let deadline: ContinuousClock.Instant
    /// Made on the server's thread when the deadline passes; must be quick.
    private let fallback: @Sendable () -> HTTPServerResponse
    private let state = Mutex(State.waiting(wakeup: nil))

    private enum State {
        /// Not answered yet; the wake-up of the server thread that waits for it, once it does.
        case waiting(wakeup: WakeupPipe?)
        /// Completed, not sent yet.
        case completed(HTTPServerResponse)
        /// Sent, replaced by the fallback, or given up (client gone, server stopped).
        case settled
    }

    /// A response due within `budget` from now; `fallback` is sent when it is not complete by then
    /// (a 503 saying what did not answer in time).
    package init(within budget: Duration, otherwise fallback: @escaping @Sendable () -> HTTPServerResponse) {
        deadline = .now + budget
        self.fallback = fallback
    }

    /// Whether the response is still wanted: false once it was completed, the deadline passed,
    /// the client left or the server stopped.
    package var isWanted: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// Gives the response; wakes the server's thread to send it. False when it came too late (see
    /// `isWanted`): it is dropped then, harmlessly.
    @discardableResult
    package func complete(_ response: HTTPServerResponse) -> Bool {
        let wakeup: WakeupPipe?? = state.withLock { state in
            guard case .waiting(let wakeup) = state else { return .none }
            state = .completed(response)
            return .some(wakeup)
        }
        guard let wakeup else { return false }
        wakeup?.signal()
        return true
    }

    /// The server thread waits for it from now on, woken through `wakeup`; the response when it
    /// is complete already.
    func attach(_ wakeup: WakeupPipe) -> HTTPServerResponse? {
        state.withLock { state in
            if case .waiting = state { state = .waiting(wakeup: wakeup) }
            return Self.take(&state)
        }
    }

    /// The response once it is complete, for the server to send (only once); nil until then.
    func takeCompleted() -> HTTPServerResponse? {
        state.withLock { Self.take(&$0) }
    }

    /// The deadline passed: the response if it was completed just now, else the fallback; nothing
    /// completed after this is taken.
    func expire() -> HTTPServerResponse {
        let completed: HTTPServerResponse? = state.withLock { state in
            defer { state = .settled }
            return Self.take(&state)
        }
        return completed ?? fallback()
    }

    /// The client left or the server is stopping: no response is wanted any more.
    func abandon() {
        state.withLock { $0 = .settled }
    }

    private static func take(_ state: inout State) -> HTTPServerResponse? {
        guard case .completed(let response) = state else { return nil }
        state = .settled
        return response
    }
}
