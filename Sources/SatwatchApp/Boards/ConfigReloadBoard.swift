import SatwatchBase
import SatwatchState
import Synchronization

/// Whether the last load of the config (at start, then on each SIGHUP) succeeded, when one last
/// did, and the last rejected one with its first problem until one succeeds: `/metrics` shows
/// them as Prometheus and Alertmanager show theirs, so an alert on
/// `satwatch_config_last_reload_successful == 0` catches a reload that was refused; `/healthz`
/// and the page say which and why.
final class ConfigReloadBoard: Sendable {
    private struct State {
        var lastSuccess: Timestamp
        var rejection: ReloadRejectionStore.Rejection?
    }

    private let state: Mutex<State>

    /// A board for a worker that has just loaded its config successfully, at `loadedAt`.
    init(loadedAt: Timestamp = ProcessClock.live.now()) { state = Mutex(State(lastSuccess: loadedAt)) }

    /// Records a reload that succeeded at `now`.
    func recordSuccess(at now: Timestamp) {
        state.withLock {
            $0.lastSuccess = now
            $0.rejection = nil
        }
    }

    /// Records a rejected reload.
    func record(_ rejection: ReloadRejectionStore.Rejection) { state.withLock { $0.rejection = rejection } }

    /// Whether the last reload succeeded, and when one last did.
    var snapshot: (successful: Bool, lastSuccess: Timestamp) { state.withLock { ($0.rejection == nil, $0.lastSuccess) } }

    /// The last reload, when it was rejected.
    var rejection: ReloadRejectionStore.Rejection? { state.withLock { $0.rejection } }
}
