import SatwatchBase

extension StateStore {
    /// Deliveries to attempt now, oldest first, at most `limit`: for each channel only the head
    /// of its pending queue, and only when that head is due (`nextAttemptAt <= now`).
    ///
    /// Heads only, so a channel receives its notifications in the order they were committed (a
    /// firing before its resolve) even while the head waits out a retry back-off. Dead entries
    /// do not block their channel.
    package func dueEntries(now: Timestamp, limit: Int = 100) throws -> [OutboxEntry] {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.id IN (SELECT min(id) FROM outbox WHERE state = 'pending' GROUP BY channel)
              AND o.next_attempt_at <= ?1
            ORDER BY o.id LIMIT ?2
            """)
        try statement.bind(1, now)
        try statement.bind(2, limit)
        return try entries(from: statement)
    }

    /// When the dispatcher should next look: the earliest due time among the channel queue
    /// heads (entries behind a head cannot go first); nil when nothing is pending.
    package func nextAttemptAt() throws -> Timestamp? {
        let statement = try connection.cached("""
            SELECT min(next_attempt_at) FROM outbox
            WHERE id IN (SELECT min(id) FROM outbox WHERE state = 'pending' GROUP BY channel)
            """)
        return try statement.single { $0.optionalTimestamp(0) } ?? nil
    }

    /// The pending deliveries of `channel`, in delivery order.
    package func pendingEntries(channel: String) throws -> [OutboxEntry] {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.state = 'pending' AND o.channel = ?1 ORDER BY o.id
            """)
        try statement.bind(1, channel)
        return try entries(from: statement)
    }

    /// The oldest pending delivery of `channel`: the next one to try (one row, however long the
    /// backlog of a channel that is down).
    package func nextPendingEntry(channel: String) throws -> OutboxEntry? {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.state = 'pending' AND o.channel = ?1 ORDER BY o.id LIMIT 1
            """)
        try statement.bind(1, channel)
        return try entries(from: statement).first
    }

    /// Records a successful delivery (counting that attempt). Returns false when the entry is
    /// no longer pending (already marked, or unknown).
    @discardableResult
    package func markSent(id: Int64, at now: Timestamp) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE outbox SET state = 'sent', attempts = attempts + 1, updated_at = ?2
            WHERE id = ?1 AND state = 'pending'
            """)
        try statement.bind(1, id)
        try statement.bind(2, now)
        try statement.execute()
        return connection.changes > 0
    }

    /// Records a failed attempt to retry later: `attempts` made so far (including the failed
    /// one), when to try again, and the error, which must already be redacted (it is shown by
    /// `status`). Returns false when the entry is no longer pending.
    @discardableResult
    package func markRetry(id: Int64, attempts: Int, nextAttemptAt: Timestamp, error: String,
                          at now: Timestamp) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE outbox SET attempts = ?2, next_attempt_at = ?3, last_error = ?4, updated_at = ?5
            WHERE id = ?1 AND state = 'pending'
            """)
        try statement.bind(1, id)
        try statement.bind(2, attempts)
        try statement.bind(3, nextAttemptAt)
        try statement.bind(4, error)
        try statement.bind(5, now)
        try statement.execute()
        return connection.changes > 0
    }

    /// Gives up on a delivery after a permanent failure (counting that attempt); `reason` must
    /// already be redacted. The entry stays in the file as dead. Returns false when the entry
    /// is no longer pending.
    @discardableResult
    package func markDead(id: Int64, at now: Timestamp, reason: String) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE outbox SET state = 'dead', attempts = attempts + 1, updated_at = ?2, last_error = ?3
            WHERE id = ?1 AND state = 'pending'
            """)
        try statement.bind(1, id)
        try statement.bind(2, now)
        try statement.bind(3, reason)
        try statement.execute()
        return connection.changes > 0
    }
}
