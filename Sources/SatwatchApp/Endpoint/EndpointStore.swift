import SatwatchState
import Synchronization

/// The endpoint's own connection to the state file, for `/metrics` counts, the page and the API,
/// opened on first use and kept (a scrape must not pay for opening the database), used from the
/// server's thread (never the cooperative pool) one request at a time, and closed when the
/// endpoint stops.
final class EndpointStore: Sendable {
    private let path: String
    private let state = Mutex<(store: StateStore?, closed: Bool)>((nil, false))

    init(path: String) { self.path = path }

    /// Runs `body` with the connection; throws when the file cannot be opened or the endpoint
    /// is stopping.
    func use<Result: Sendable>(_ body: (StateStore) throws -> Result) throws -> Result {
        try state.withLock { state in
            guard !state.closed else { throw EndpointStoreClosed() }
            let store = try state.store ?? StateStore.open(path: path)
            state.store = store
            return try body(store)
        }
    }

    /// Pending/sent/dead counts per channel, sorted by channel; empty when the file is unreadable
    /// or the store is closed.
    func counts() -> [(String, OutboxCounts)] {
        ((try? use { try $0.outbox.counts() }) ?? [:]).sorted { $0.key < $1.key }
    }

    /// Closes the connection for good: the worker is stopping, and the last connection to close
    /// checkpoints the WAL and removes it, which must happen before the process exits rather than
    /// whenever the server thread's closure happens to be freed.
    func close() { state.withLock { $0 = (nil, true) } }
}

/// The endpoint is stopping: no new use of the state file.
struct EndpointStoreClosed: Error, CustomStringConvertible {
    var description: String { "the endpoint is stopping" }
}
