import SatwatchBase
import SatwatchRules
import SatwatchState

/// What `satwatch history` prints: one line per delivery, oldest notification first like a log,
/// in aligned columns, each line whole (its notification repeated) so `grep` keeps its context.
struct HistoryReport {
    /// The notifications to list, already filtered.
    var log: [LoggedNotification]
    /// Hides secrets in stored errors and messages, including rows written before errors were
    /// redacted.
    var redactor: Redactor

    /// Column titles, then a row per delivery (a notification that has none gets one row too).
    var text: String {
        guard !log.isEmpty else { return "  (no notifications)" }
        var rows = [["#ID", "AT", "RULE", "STATUS", "VALUE", "CHANNEL", "OUTCOME", "WHEN", "ATTEMPTS", "ERROR"]]
        for entry in log {
            let notification = entry.notification
            let head = [notification.at.rfc3339, notification.rule, Self.status(of: notification),
                        DisplayNumber.format(notification.value)]
            guard !entry.deliveries.isEmpty else {
                rows.append(["-"] + head + ["-", "none"])
                continue
            }
            for delivery in entry.deliveries {
                rows.append(["#\(delivery.id)"] + head + [delivery.channel, delivery.state, Self.when(delivery),
                             Plural.count(delivery.attempts, "attempt"),
                             delivery.lastError.map { redactor.redact($0) } ?? ""])
            }
        }
        return StatusReport.columns(rows).joined(separator: "\n")
    }

    /// `firing`, `resolved`, or `reminder` for a `repeat` of an alert still firing.
    static func status(of notification: Notification) -> String {
        notification.isReminder ? "reminder" : notification.status.rawValue
    }

    /// The time that matters for the outcome: when it was sent, when it is tried next, since
    /// when it is dead or in a state this build does not know.
    static func when(_ delivery: LoggedDelivery) -> String {
        switch delivery.known {
        case .sent: "at \(delivery.updatedAt.rfc3339)"
        case .pending: "next try \(delivery.nextAttemptAt.rfc3339)"
        case .dead, .silenced, .muted, nil: "since \(delivery.updatedAt.rfc3339)"
        }
    }
}
