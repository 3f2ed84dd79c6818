import SatwatchBase
import Synchronization

/// Whether the last load of the config (at start, then on each SIGHUP) succeeded, and when one
/// last did: `/metrics` shows them as Prometheus and Alertmanager show theirs, so an alert on
/// `satwatch_config_last_reload_successful == 0` catches a reload that was refused.
final class ConfigReloadBoard: Sendable {
    private struct State {
        var successful = true
        var lastSuccess: Timestamp
    }

    private let state: Mutex<State>

    /// A board for a worker that has just loaded its config successfully, at `loadedAt`.
    init(loadedAt: Timestamp = ProcessClock.live.now()) { state = Mutex(State(lastSuccess: loadedAt)) }

    /// Records a reload's outcome.
    func record(successful: Bool, at now: Timestamp) {
        state.withLock {
            $0.successful = successful
            if successful { $0.lastSuccess = now }
        }
    }

    /// Whether the last reload succeeded, and when one last did.
    var snapshot: (successful: Bool, lastSuccess: Timestamp) { state.withLock { ($0.successful, $0.lastSuccess) } }
}
