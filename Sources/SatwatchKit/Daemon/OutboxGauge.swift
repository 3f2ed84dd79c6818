import Synchronization

/// Reads outbox counts for `/metrics` through its own connection to the state file, opened on
/// first use and kept (a scrape must not pay for opening the database), and closed when the
/// endpoint stops.
final class OutboxGauge: Sendable {
    private let path: String
    private let state = Mutex<(store: StateStore?, closed: Bool)>((nil, false))

    init(path: String) { self.path = path }

    /// Pending/sent/dead counts per channel, sorted by channel; empty when the file is unreadable
    /// or the gauge is closed.
    func counts() -> [(String, OutboxCounts)] {
        state.withLock { state in
            if state.store == nil, !state.closed { state.store = try? StateStore.open(path: path) }
            guard let counts = try? state.store?.outboxCounts() else { return [] }
            return counts.sorted { $0.key < $1.key }
        }
    }

    /// Closes the connection for good: the worker is stopping, and the last connection to close
    /// checkpoints the WAL and removes it, which must happen before the process exits rather than
    /// whenever the server thread's closure happens to be freed.
    func close() { state.withLock { $0 = (nil, true) } }
}
