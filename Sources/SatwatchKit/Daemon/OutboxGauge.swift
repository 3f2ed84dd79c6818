import Synchronization

/// Reads outbox counts for `/metrics` through its own connection to the state file, opened on
/// first use and kept (a scrape must not pay for opening the database).
final class OutboxGauge: Sendable {
    private let path: String
    private let store = Mutex<StateStore?>(nil)

    init(path: String) { self.path = path }

    /// Pending/sent/dead counts per channel, sorted by channel; empty when the file is unreadable.
    func counts() -> [(String, OutboxCounts)] {
        store.withLock { store in
            if store == nil { store = try? StateStore.open(path: path) }
            guard let counts = try? store?.outboxCounts() else { return [] }
            return counts.sorted { $0.key < $1.key }
        }
    }
}
