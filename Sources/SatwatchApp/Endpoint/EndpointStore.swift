import BlockingPool
import SatwatchBase
import SatwatchNet
import SatwatchState
import SQLiteKit
import Synchronization

/// The endpoint's own connection to the state file, for the page, the API and the outbox counts
/// of `/metrics`, used on a thread of its own (`satwatch-api`, apart from the worker's own
/// state-file work, started on first use and ended at `close()`), never the HTTP server's: a
/// request that needs the file is answered later (`answer(within:otherwise:_:)`), and gets its
/// route's fallback when the file has not answered by its deadline, so a file that another
/// process holds locked, or a slow disk, delays nobody else. Opened on first use and kept (a
/// scrape must not pay for opening the database), and closed when the endpoint stops.
final class EndpointStore: Sendable {
    /// How long a request may wait for the state file (queued behind others, then its own work)
    /// before its route's fallback goes out: far above what a working file takes (milliseconds),
    /// below what a client gives up after.
    static let budget = TimeSpan.seconds(3)
    /// What a write leaves of its budget when it waits for a lock held elsewhere: it fails with
    /// "database is locked" this long before the deadline, so its own answer says why.
    static let lockMargin = Duration.milliseconds(250)

    private let path: String
    /// Its lane: no cap on waiting requests, each request's budget bounds them.
    private let thread = BlockingPool(name: "satwatch-api", threads: 1, capacity: 0)
    private let work: EndpointWorkQueue
    private let state = Mutex(State())
    /// The outbox counts last read, sorted by channel.
    private let counts = Mutex<[(String, OutboxCounts)]>([])

    private struct State {
        var store: StateStore?
        var closed = false
        /// The deadline of the request the lane is answering.
        var deadline: ContinuousClock.Instant?
    }

    init(path: String) {
        self.path = path
        work = EndpointWorkQueue(on: thread)
    }

    /// Answers a request with `respond`, run in the state file's lane after the requests before
    /// it (it uses the file through `use`), within `budget`; after that the server sends
    /// `fallback(begun)` instead, and work that had not begun by then never does
    /// (`EndpointWorkQueue.answer`).
    func answer(within budget: TimeSpan, otherwise fallback: @escaping @Sendable (_ begun: Bool) -> HTTPServerResponse,
                _ respond: @escaping @Sendable () -> HTTPServerResponse) -> HTTPServerReply {
        work.answer(within: budget, otherwise: fallback) { [self] deferred in
            state.withLock { $0.deadline = deferred.deadline }
            defer { state.withLock { $0.deadline = nil } }
            return respond()
        }
    }

    /// Runs `body` with the connection, in the state file's lane (inside `answer`'s work); a
    /// lock held elsewhere is waited for only until shortly before the request's deadline.
    /// Throws when the file cannot be opened or is locked, or the endpoint is stopping.
    func use<Result: Sendable>(_ body: (StateStore) throws -> Result) throws -> Result {
        precondition(work.lane.isCurrent, "the endpoint's state file is used in its lane only")
        return try state.withLock { state in
            guard !state.closed else { throw EndpointStoreClosed() }
            let store = try state.store ?? StateStore.open(path: path)
            state.store = store
            if let deadline = state.deadline { store.connection.setBusyTimeout(deadline - .now - Self.lockMargin) }
            do {
                return try body(store)
            } catch where SQLiteError.isReadOnly(error) {
                // Opened read-only, it would stay so after the file's mode is mended.
                store.close()
                state.store = nil
                throw error
            }
        }
    }

    /// Reads the outbox counts again (in the state file's lane); the last ones read stay when
    /// the file cannot be read.
    func refreshCounts() {
        guard let read = try? use({ try $0.outbox.counts() }) else { return }
        counts.withLock { $0 = read.sorted { $0.key < $1.key } }
    }

    /// Pending/sent/dead counts per channel as last read, sorted by channel: what `/metrics` shows
    /// when the file does not answer in time (nobody else can write it meanwhile either). Empty
    /// before the first read.
    var lastCounts: [(String, OutboxCounts)] { counts.withLock { $0 } }

    /// Closes the connection for good once the work under way has ended (within its request's
    /// budget); requests queued meanwhile are answered that the endpoint is stopping. The worker
    /// is stopping, and the last connection to close checkpoints the WAL and removes it, which
    /// must happen before the process exits rather than whenever the lane lets go of the store.
    func close() async {
        state.withLock { $0.closed = true }
        await work.lane.run { [self] in
            state.withLock { state in
                state.store?.close()
                state.store = nil
            }
        }
        await thread.shutdown()
    }
}

/// The endpoint is stopping: no new use of the state file.
struct EndpointStoreClosed: Error, CustomStringConvertible {
    var description: String { "the endpoint is stopping" }
}
