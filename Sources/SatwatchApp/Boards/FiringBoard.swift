import SatwatchDelivery
import SatwatchRules
import Synchronization

/// How each firing alert reads now, published by the evaluator when its value moves (at most
/// once a second) and read by the dispatcher's re-sends to Alertmanager (`AlertRestatements`).
/// Kept across reloads, like the other boards: an alert that fires on is told alike.
final class FiringBoard: AlertRestatements {
    /// Per rule, its firing notification rendered with the latest value.
    private let latest = Mutex<[String: Notification]>([:])

    /// Records how these alerts read now.
    func publish(_ notifications: [Notification]) {
        guard !notifications.isEmpty else { return }
        latest.withLock { board in
            for notification in notifications { board[notification.rule] = notification }
        }
    }

    /// Forgets the alerts of `rules`, which stopped firing.
    func remove(_ rules: [String]) {
        guard !rules.isEmpty else { return }
        latest.withLock { board in
            for rule in rules { board[rule] = nil }
        }
    }

    func current(of heard: Notification) -> Notification? {
        guard heard.status == .firing,
              let now = latest.withLock({ $0[heard.rule] }), now.startsAt == heard.startsAt else { return nil }
        // The id, labels and queues stay the heard one's: it is the same alert, told again.
        var told = heard
        (told.value, told.threshold, told.values, told.message, told.at) = (now.value, now.threshold, now.values, now.message, now.at)
        return told
    }
}
