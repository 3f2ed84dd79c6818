import SatwatchJSON
import SatwatchState

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
        switch delivery.known {
        case .sent: members.append(("sent_at", .string(delivery.updatedAt.rfc3339)))
        case .pending: members.append(("next_attempt_at", .string(delivery.nextAttemptAt.rfc3339)))
        case .dead: members.append(("dead_since", .string(delivery.updatedAt.rfc3339)))
        case .silenced: members.append(("silenced_at", .string(delivery.updatedAt.rfc3339)))
        case .muted: members.append(("muted_at", .string(delivery.updatedAt.rfc3339)))
        case nil: break
        }
        members.append(("error", delivery.lastError.map { .string(redactor.redact($0)) } ?? .null))
        return .members(members)
    }
}
