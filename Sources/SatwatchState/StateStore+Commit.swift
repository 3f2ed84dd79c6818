import SatwatchBase
import SatwatchRules

extension StateStore {
    /// Commits one engine step in ONE transaction: every changed rule state, and for each
    /// notification the notification itself plus one pending outbox delivery per channel, due
    /// at `now`.
    ///
    /// This is the durability promise: after a crash the file holds either the state change and
    /// its deliveries, or neither, so a restart neither re-announces nor loses an alert.
    /// Re-committing a notification adds nothing; a different event is never dropped (`enqueue`).
    package func commit(_ changes: [RuleChange], at now: Timestamp) throws {
        guard !changes.isEmpty else { return }
        try connection.transaction {
            for change in changes {
                try upsert(rule: change.rule, state: change.state, at: now)
                if let notification = change.notification { try enqueue(notification, at: now) }
            }
        }
    }

    /// Stores `notification` and queues a delivery per channel (once per channel).
    ///
    /// Its id is taken as given unless another event already holds it: re-committing the same
    /// event (a writer retrying a commit it could not confirm) adds nothing, but a different event
    /// under an id in use (an id stored before ids carried sequences, or a hash collision) is
    /// stored under the next free id derived from it, never dropped.
    private func enqueue(_ notification: Notification, at now: Timestamp) throws {
        var notification = notification
        let original = notification.id
        var attempt = 0
        while try !insert(notification, at: now) {
            guard let stored = try self.notification(id: notification.id), !stored.isSameEvent(as: notification) else { return }
            attempt += 1
            notification.id = StableHash.hex("\(original)|\(attempt)")
        }

        if !notification.labels.isEmpty {
            let label = try connection.cached("""
                INSERT INTO notification_label (notification_id, position, name, value) VALUES (?1, ?2, ?3, ?4)
                """)
            for (position, item) in notification.labels.enumerated() {
                try label.bind(1, notification.id)
                try label.bind(2, position)
                try label.bind(3, item.name)
                try label.bind(4, item.value)
                try label.execute()
            }
        }

        let delivery = try connection.cached("""
            INSERT INTO outbox (notification_id, channel, state, attempts, next_attempt_at, created_at, updated_at)
            VALUES (?1, ?2, 'pending', 0, ?3, ?3, ?3)
            ON CONFLICT (notification_id, channel) DO NOTHING
            """)
        for channel in notification.channels {
            try delivery.bind(1, notification.id)
            try delivery.bind(2, channel)
            try delivery.bind(3, now)
            try delivery.execute()
        }
    }

    /// Inserts `notification` unless its id is taken; true when it was inserted.
    private func insert(_ notification: Notification, at now: Timestamp) throws -> Bool {
        let insert = try connection.cached("""
            INSERT INTO notification (id, rule, status, is_reminder, metric, value, threshold, at, starts_at,
                                      message, created_at, observed_values)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
            ON CONFLICT (id) DO NOTHING
            """)
        try insert.bind(1, notification.id)
        try insert.bind(2, notification.rule)
        try insert.bind(3, notification.status.rawValue)
        try insert.bind(4, notification.isReminder)
        try insert.bind(5, notification.metric)
        try insert.bind(6, notification.value)
        try insert.bind(7, notification.threshold)
        try insert.bind(8, notification.at)
        try insert.bind(9, notification.startsAt)
        try insert.bind(10, notification.message)
        try insert.bind(11, now)
        try insert.bind(12, StoredObservedValues.text(notification.values))
        try insert.execute()
        return connection.changes > 0
    }
}
