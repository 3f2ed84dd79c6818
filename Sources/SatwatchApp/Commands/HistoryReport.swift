import SatwatchBase
import SatwatchJSON
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

    /// The time that matters for the outcome: when it was sent, when it is tried next (or until
    /// when it is held), since when it is dead or kept from its channel.
    static func when(_ delivery: LoggedDelivery) -> String {
        switch OutboxState(rawValue: delivery.state) {
        case .sent: "at \(delivery.updatedAt.rfc3339)"
        case .pending: delivery.holdKind.map { "held (\($0)) until \(delivery.nextAttemptAt.rfc3339)" }
            ?? "next try \(delivery.nextAttemptAt.rfc3339)"
        default: "since \(delivery.updatedAt.rfc3339)"
        }
    }
}

extension HistoryReport {
    /// `history --json`: one array, a notification per element, oldest first:
    /// `{"id","rule","status","reminder","metric","value","threshold","at","starts_at","message",
    /// "labels":{…},"values":{…},"channels":[…],"deliveries":[{"id","channel","outcome",
    /// "attempts","queued_at","updated_at","sent_at"|"next_attempt_at"|"dead_since","error"}]}`.
    var json: JSONValue {
        .list(log.map { entry in
            let notification = entry.notification
            return .members([
                ("id", .string(notification.id)), ("rule", .string(notification.rule)),
                ("status", .string(notification.status.rawValue)), ("reminder", .bool(notification.isReminder)),
                ("metric", .string(notification.metric)), ("value", .number(notification.value)),
                ("threshold", .number(notification.threshold)), ("at", .string(notification.at.rfc3339)),
                ("starts_at", .string(notification.startsAt.rfc3339)),
                ("message", .string(redactor.redact(notification.message))),
                ("labels", .strings(notification.labels)),
                ("values", .members(notification.values.map { ($0.name, .number($0.value)) })),
                ("channels", .list(notification.channels.map { .string($0) })),
                ("deliveries", .list(entry.deliveries.map(json))),
            ])
        })
    }

    /// One delivery; the outcome's own time under a name saying what it is.
    private func json(_ delivery: LoggedDelivery) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(Double(delivery.id))), ("channel", .string(delivery.channel)),
            ("outcome", .string(delivery.state)), ("attempts", .number(Double(delivery.attempts))),
            ("queued_at", .string(delivery.createdAt.rfc3339)), ("updated_at", .string(delivery.updatedAt.rfc3339)),
        ]
        switch OutboxState(rawValue: delivery.state) {
        case .sent: members.append(("sent_at", .string(delivery.updatedAt.rfc3339)))
        case .pending:
            members.append(("next_attempt_at", .string(delivery.nextAttemptAt.rfc3339)))
            if let kind = delivery.holdKind {
                members.append(("held", .string(kind)))
                members.append(("held_until", .string(delivery.nextAttemptAt.rfc3339)))
            }
        case .dead: members.append(("dead_since", .string(delivery.updatedAt.rfc3339)))
        case let kept: members.append(("\(kept)_at", .string(delivery.updatedAt.rfc3339)))
        }
        members.append(("error", delivery.lastError.map { .string(redactor.redact($0)) } ?? .null))
        return .members(members)
    }
}
