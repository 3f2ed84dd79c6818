import SatwatchBase
import Synchronization

/// Wakes the evaluator at the next time something is due (a `for` elapsing, a reminder, a feed
/// going stale, the periodic flush) — a timer that is re-armed after every step, not a poll.
///
/// The evaluator re-arms it after every frame, mostly for the same time (the next flush) or a
/// later one: only an earlier time wakes the alarm's task, so a frame costs no wake-up of a
/// thread beside the ones on the alert path. A later time is taken up when the task wakes at
/// the one it waits for.
final class Alarm: Sendable {
    private struct State {
        /// When the alarm goes off; nil: disarmed.
        var target: Timestamp?
        /// When the task waiting for it wakes anyway; nil: it has not looked yet.
        var waitingUntil: Timestamp?
    }

    private let state = Mutex(State())
    private let bell = Doorbell()

    /// When the alarm's task wakes anyway (nil: it has not looked at the armed time yet): what
    /// shows a test that a time is armed while the task waits.
    var waitingUntil: Timestamp? { state.withLock { $0.waitingUntil } }

    /// Arms the alarm for `time` (nil: disarm), replacing the previous time.
    func schedule(_ time: Timestamp?) {
        let sooner = state.withLock { state -> Bool in
            state.target = time
            guard let time, let waking = state.waitingUntil else { return false }
            return time < waking
        }
        if sooner { bell.ring() }
    }

    /// Calls `fire` each time the armed time passes, until cancelled.
    func run(fire: @Sendable () -> Void) async {
        while !Task.isCancelled {
            let now = ProcessClock.live.now()
            let wait = state.withLock { state -> TimeSpan? in
                guard let time = state.target else {
                    state.waitingUntil = now + .hours(1)
                    return .hours(1)
                }
                guard time > now else {
                    state.target = nil
                    state.waitingUntil = nil
                    return nil
                }
                state.waitingUntil = time
                return time - now
            }
            guard let wait else {
                fire()
                continue
            }
            await bell.wait(for: wait)
        }
    }
}

/// Runs the evaluator's alarm as a service of the generation.
struct AlarmService: Service {
    let alarm: Alarm
    let fire: @Sendable () -> Void
    var name: String { "alarm" }
    func run() async throws { await alarm.run(fire: fire) }
}
