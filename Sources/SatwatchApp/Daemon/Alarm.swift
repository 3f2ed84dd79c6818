import SatwatchBase
import Synchronization

/// Wakes the evaluator at the next time something is due (a `for` elapsing, a reminder, a feed
/// going stale, the periodic flush) — a timer that is re-armed after every step, not a poll.
final class Alarm: Sendable {
    private let target = Mutex<Timestamp?>(nil)
    private let bell = Doorbell()

    /// Arms the alarm for `time` (nil: disarm), replacing the previous time.
    func schedule(_ time: Timestamp?) {
        target.withLock { $0 = time }
        bell.ring()
    }

    /// Calls `fire` each time the armed time passes, until cancelled.
    func run(fire: @Sendable () -> Void) async {
        while !Task.isCancelled {
            let now = WallClock.now()
            let due = target.withLock { target -> Bool in
                guard let time = target, time <= now else { return false }
                target = nil
                return true
            }
            if due {
                fire()
                continue
            }
            let wait = target.withLock { $0 }.map { $0 - now } ?? .hours(1)
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
