import CSQLite
import SatwatchRules
import SQLiteKit

extension OutboxStore {
    /// The columns every outbox query selects, in the order `entries(from:)` reads them.
    static let entryColumns = """
        o.id, o.channel, o.state, o.attempts, o.next_attempt_at, o.created_at, o.updated_at, o.last_error,
        n.id, n.rule, n.status, n.is_reminder, n.metric, n.value, n.threshold, n.at, n.starts_at, n.message,
        n.observed_values, o.held_until, o.batch, o.hold_kind
        FROM outbox o JOIN notification n ON n.id = o.notification_id
        """

    /// The stored notification with `id`, exactly as committed; nil when unknown (or pruned).
    package func notification(id: String) throws -> Notification? {
        try connection.snapshot {
            let statement = try connection.cached("""
                SELECT id, rule, status, is_reminder, metric, value, threshold, at, starts_at, message, observed_values
                FROM notification WHERE id = ?1
                """)
            try statement.bind(1, id)
            guard let fields = try statement.single({ try Self.decodeNotification($0, from: 0) }) else { return nil }
            return try complete(fields)
        }
    }

    /// Runs an outbox query (already bound) and decodes its rows into entries, in one snapshot.
    func entries(from statement: SQLiteStatement) throws -> [OutboxEntry] {
        try connection.snapshot {
            let rows = try statement.query { row in
                let state = OutboxState(rawValue: row.string(2))
                let entry = OutboxEntry(id: row.int64(0), notification: try Self.decodeNotification(row, from: 8),
                                        channel: row.string(1), state: state, attempts: row.int(3),
                                        nextAttemptAt: row.timestamp(4), createdAt: row.timestamp(5),
                                        updatedAt: row.timestamp(6), lastError: row.optionalString(7),
                                        heldUntil: row.optionalTimestamp(19), holdKind: row.optionalString(21).map(HoldKind.init(rawValue:)),
                                        batch: row.optionalInt64(20))
                return entry
            }
            // Labels and channels are read after the main query so no two statements interleave.
            var completed: [String: Notification] = [:]
            return try rows.map { entry in
                var entry = entry
                if let known = completed[entry.notification.id] {
                    entry.notification = known
                } else {
                    entry.notification = try complete(entry.notification)
                    completed[entry.notification.id] = entry.notification
                }
                return entry
            }
        }
    }

    /// Fills in the labels and channels of a notification decoded from its own row.
    func complete(_ notification: Notification) throws -> Notification {
        var notification = notification
        notification.labels = try labels(of: notification.id)
        // A notification's channels are its deliveries, in the order they were queued.
        let channels = try connection.cached("SELECT channel FROM outbox WHERE notification_id = ?1 ORDER BY id")
        try channels.bind(1, notification.id)
        notification.channels = try channels.query { $0.string(0) }
        return notification
    }

    /// The labels of notification `id`, in the rule's order.
    func labels(of id: String) throws -> [Label] {
        let labels = try connection.cached(
            "SELECT name, value FROM notification_label WHERE notification_id = ?1 ORDER BY position")
        try labels.bind(1, id)
        return try labels.query { Label($0.string(0), $0.string(1)) }
    }

    /// Decodes the notification columns starting at `first` (id, rule, status, is_reminder,
    /// metric, value, threshold, at, starts_at, message, observed_values); labels and channels
    /// come later.
    static func decodeNotification(_ row: SQLiteStatement, from first: Int32) throws -> Notification {
        guard let status = Notification.Status(rawValue: row.string(first + 2)) else {
            throw corrupt("notification status \(row.string(first + 2))")
        }
        var notification = Notification(storedID: row.string(first), rule: row.string(first + 1), status: status,
                                        isReminder: row.bool(first + 3), metric: row.string(first + 4),
                                        value: row.double(first + 5), threshold: row.double(first + 6),
                                        at: row.timestamp(first + 7), startsAt: row.timestamp(first + 8),
                                        message: row.string(first + 9), labels: [], channels: [])
        notification.values = try StoredObservedValues.values(row.optionalString(first + 10))
        return notification
    }

    private static func corrupt(_ what: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "unexpected \(what) in the state file", sql: nil)
    }
}
