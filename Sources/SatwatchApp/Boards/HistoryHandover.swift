import SatwatchRules
import Synchronization

/// Where a stopping evaluator leaves its `change` histories for the next generation's (SIGHUP
/// reload). It carries the points since the last flush, which the state file does not have yet.
final class HistoryHandover: Sendable {
    private let snapshot = Mutex<HistorySnapshot?>(nil)

    /// Leaves a snapshot for the next evaluator.
    func put(_ value: HistorySnapshot) { snapshot.withLock { $0 = value } }

    /// The snapshot left by the previous evaluator, once.
    func take() -> HistorySnapshot? { snapshot.withLock { value in defer { value = nil }; return value } }
}
