import BlockingPool
import SatwatchBase
import SatwatchNet
import Synchronization

/// A lane of the endpoint's own on a pool (`BlockingPool.Lane`) that answers requests later,
/// never on the HTTP server's thread: the handler returns at once with an `HTTPDeferredResponse`
/// this lane completes in turn, within a budget, so slow work (a query on a locked state file,
/// the JSON of thousands of rules, a chart) never holds `/healthz` or any other client. Work whose response
/// is no longer wanted when its turn comes (its deadline passed, its client left) never runs.
///
/// With `maximumWaiting`, a request that finds that many still wanted ahead of it is refused at
/// once: a flood costs the server's thread one short answer per request instead of queueing
/// behind itself, and requests whose clients left (or whose deadline passed) free their place at
/// once, before their turn comes to be skipped.
final class EndpointWorkQueue: Sendable {
    let lane: BlockingPool.Lane
    /// How many requests may wait or run at once; nil: no cap (the deadline bounds them).
    let maximumWaiting: Int?
    /// The responses admitted under the cap, until they are found no longer wanted.
    private let admitted = Mutex<[HTTPDeferredResponse]>([])

    /// A queue whose work runs in a lane of its own on `pool`.
    init(on pool: BlockingPool, maximumWaiting: Int? = nil) {
        lane = BlockingPool.Lane(on: pool)
        self.maximumWaiting = maximumWaiting
    }

    /// Answers a request with `respond(deferred)`, run in the lane after the requests before it,
    /// within `budget`; after that the server sends `fallback(begun)` instead, and work that had
    /// not begun by then never does (`begun` false: nothing was read or changed; true: a change
    /// may still be made). `full` is the answer, at once, when `maximumWaiting` are ahead.
    func answer(within budget: TimeSpan, otherwise fallback: @escaping @Sendable (_ begun: Bool) -> HTTPServerResponse,
                full: @autoclosure () -> HTTPServerResponse = HTTPServerResponse(status: 503, body: "busy\n"),
                _ respond: @escaping @Sendable (HTTPDeferredResponse) -> HTTPServerResponse) -> HTTPServerReply {
        let attempt = Attempt()
        let deferred = HTTPDeferredResponse(within: budget.duration) { fallback(attempt.giveUp()) }
        if let maximumWaiting {
            let room = admitted.withLock { admitted in
                admitted.removeAll { !$0.isWanted }
                guard admitted.count < maximumWaiting else { return false }
                admitted.append(deferred)
                return true
            }
            guard room else { return .now(full()) }
        }
        lane.submit {
            // The client left, or the fallback went out while this waited: skip the work.
            guard deferred.isWanted, attempt.begin() else { return }
            deferred.complete(respond(deferred))
        }
        return .later(deferred)
    }

    /// Whether the work for one request has begun, settled once against its fallback: work that
    /// has not begun when the fallback goes out never does.
    private final class Attempt: Sendable {
        private let state = Mutex((begun: false, givenUp: false))

        /// Begins the work; false when the fallback went out first.
        func begin() -> Bool {
            state.withLock { state in
                guard !state.givenUp else { return false }
                state.begun = true
                return true
            }
        }

        /// The fallback goes out: whether the work had begun.
        func giveUp() -> Bool {
            state.withLock { state in
                state.givenUp = true
                return state.begun
            }
        }
    }
}
