import SatwatchBase

extension OutboxStore {
    /// How many messages `channel`'s receiver got after `since`: its sent entries, a group's
    /// members (one batch) counted once. A sent entry's `updated_at` is when the receiver
    /// accepted it, and nothing touches it after, so the file answers this across reloads and
    /// restarts; failed attempts are not counted (their entries are pending or dead).
    package func sentMessageCount(channel: String, since: Timestamp) throws -> Int {
        // A batch is named by its first member's id, which is in it: no lone entry has that id.
        let statement = try connection.cached("""
            SELECT count(DISTINCT coalesce(batch, id)) FROM outbox
            WHERE channel = ?1 AND state = 'sent' AND updated_at > ?2
            """)
        try statement.bind(1, channel)
        try statement.bind(2, since)
        return try statement.single { $0.int(0) } ?? 0
    }
}
