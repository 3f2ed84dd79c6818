import SatwatchBase
import SatwatchRules
import SQLiteKit

/// The notification log: notifications with each channel's outcome, for `history`, the API and the
/// page.
package struct NotificationLogStore {
    let connection: SQLiteConnection

    /// Every stored notification at or after `since` (all when nil), oldest first, each with its
    /// deliveries, read in one snapshot so a running worker's commits are seen whole or not at all.
    ///
    /// Oldest first by the notification's time, then by when its first delivery was queued (one
    /// frame can fire many rules at the same instant; the outbox id keeps their commit order).
    /// With `completing`, only that many of the newest get their labels and channels (two reads
    /// each): the page lists 50, and needs only times and statuses of the rest.
    package func entries(since: Timestamp? = nil, completing newest: Int? = nil) throws -> [LoggedNotification] {
        try connection.snapshot {
            let statement = try connection.cached("""
                SELECT n.id, n.rule, n.status, n.is_reminder, n.metric, n.value, n.threshold, n.at, n.starts_at,
                       n.message, n.observed_values,
                       o.id, o.channel, o.state, o.attempts, o.next_attempt_at, o.created_at, o.updated_at, o.last_error,
                       o.hold_kind
                FROM notification n LEFT JOIN outbox o ON o.notification_id = n.id
                WHERE ?1 IS NULL OR n.at >= ?1
                ORDER BY n.at, (SELECT min(id) FROM outbox WHERE notification_id = n.id), n.id, o.id
                """)
            try statement.bind(1, since)
            let rows = try statement.query { row in
                (try OutboxStore.decodeNotification(row, from: 0), row.isNull(11) ? nil : LoggedDelivery(
                    id: row.int64(11), channel: row.string(12), state: row.string(13), attempts: row.int(14),
                    nextAttemptAt: row.timestamp(15), createdAt: row.timestamp(16), updatedAt: row.timestamp(17),
                    lastError: row.optionalString(18), holdKind: row.optionalString(19)))
            }
            var log: [LoggedNotification] = []
            for (notification, delivery) in rows {
                if log.last?.notification.id != notification.id {
                    log.append(LoggedNotification(notification: notification, deliveries: []))
                }
                if let delivery { log[log.count - 1].deliveries.append(delivery) }
            }
            // Labels are read after the main query, in one more, so no two statements interleave;
            // the channels are the deliveries just read, in the order they were queued.
            let labels = try labels(since: since)
            for index in log.indices.suffix(newest ?? log.count) {
                log[index].notification.labels = labels[log[index].notification.id] ?? []
                log[index].notification.channels = log[index].deliveries.map(\.channel)
            }
            return log
        }
    }

    /// The labels of every notification at or after `since` (all when nil), by notification id,
    /// each in the rule's order.
    private func labels(since: Timestamp?) throws -> [String: [Label]] {
        let statement = try connection.cached("""
            SELECT l.notification_id, l.name, l.value FROM notification_label l JOIN notification n ON n.id = l.notification_id
            WHERE ?1 IS NULL OR n.at >= ?1 ORDER BY l.notification_id, l.position
            """)
        try statement.bind(1, since)
        var labels: [String: [Label]] = [:]
        for (id, label) in try statement.query({ ($0.string(0), Label($0.string(1), $0.string(2))) }) {
            labels[id, default: []].append(label)
        }
        return labels
    }
}

/// A stored notification with what became of it on each of its channels.
package struct LoggedNotification: Sendable, Equatable {
    /// The notification as committed, labels, values and every channel included.
    package var notification: Notification
    /// Its deliveries, in the order they were queued.
    package var deliveries: [LoggedDelivery]
}

/// One delivery of a notification to one channel as `satwatch history` shows it: the outbox
/// row, with its state kept as the stored text (`pending`, `sent`, `dead`, or why a stage kept it
/// from its channel: `silenced`, `muted`, or a kind a newer stage added), shown as it stands.
package struct LoggedDelivery: Sendable, Equatable {
    /// The outbox row id (`#ID`, as `status` and `retry` name it).
    package var id: Int64
    /// The channel it goes to.
    package var channel: String
    /// The stored state: `pending`, `sent`, `dead`, or why it was kept.
    package var state: String
    /// Attempts made so far.
    package var attempts: Int
    /// When the next attempt is due (meaningful while pending).
    package var nextAttemptAt: Timestamp
    /// When it was queued (or put back by `retry`).
    package var createdAt: Timestamp
    /// When it last changed: sent, given up, retried.
    package var updatedAt: Timestamp
    /// The last failure as stored (redact before printing: older rows may hold secrets).
    package var lastError: String?
    /// Why it is held, while a stage holds it (`muted`, …); nil otherwise.
    package var holdKind: String?
}
