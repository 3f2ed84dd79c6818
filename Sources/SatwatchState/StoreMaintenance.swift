import Glibc
import SatwatchBase
import SQLiteKit

/// What keeps the file small and its log short: pruning by `state_retention`, returning free pages,
/// checkpoints.
package struct StoreMaintenance {
    let connection: SQLiteConnection

    /// Copies the write-ahead log into the database without blocking other connections (a
    /// passive checkpoint). The dispatcher's store calls this when idle, so the evaluator's
    /// commits need not (see `open(path:autoCheckpointPages:)`). Returns true when the whole
    /// log was copied; false when another connection was busy with it or with newer pages,
    /// which is normal under load: the next call continues.
    @discardableResult
    package func checkpoint() throws -> Bool {
        guard let result = try connection.checkpoint() else { return false }
        return result.checkpointed == result.walFrames
    }

    /// How long the log may grow (in 4 KiB frames, 16 MiB) before `checkpointBounded` empties it.
    package static let logFramesBound = 4096

    /// Whether the write-ahead log of the database at `path` has grown past `logFramesBound`
    /// frames: a burst is on. A `stat` of the file, cheap enough to ask every half second
    /// (journal_size_limit keeps a log that restarted at 4 MiB, and a truncating checkpoint
    /// empties it).
    package static func logIsLong(databasePath path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && Int(info.st_size) > logFramesBound * 4_096
    }

    /// A passive checkpoint, then, when the log holds more than `logFramesBound` frames, a
    /// truncating one that waits up to `wait` for the other connections. Passive checkpoints
    /// copy the log but never restart it while another connection reads or writes it: under a
    /// burst of thousands of deliveries the evaluator's and the dispatcher's connections always
    /// overlap, and the log grew by hundreds of megabytes (journal_size_limit only trims a log
    /// that restarted). The truncating one holds their commits off for at most `wait` and the
    /// copy, and only while a burst has made the log that long. Returns whether it emptied it.
    @discardableResult
    package func checkpointBounded(waitingUpTo wait: Duration) throws -> Bool {
        guard let passive = try connection.checkpoint(), passive.walFrames > Self.logFramesBound else { return false }
        connection.setBusyTimeout(wait)
        defer { connection.setBusyTimeout(SQLiteConnection.busyTimeout) }
        return try connection.checkpoint(truncating: true) != nil
    }

    /// Deletes notifications whose deliveries are all finished (sent or dead) and were last
    /// touched before `cutoff`, with their labels and outbox rows, and notifications without
    /// any delivery created before it, so the file stays small over months (`state_retention`).
    /// A notification with a pending delivery, or a recent one, is kept whole, and so is an alert's
    /// newest firing notification sent on a queue in `restating` while the alert still fires
    /// (one of `alerts`, nil: any, whose saved state fires): an alert that fires for longer than
    /// the retention is still told again to a receiver that forgets (`OutboxStore.latestHeard`),
    /// but that of a rule since removed or changed goes like any other.
    /// Returns how many notifications were removed.
    @discardableResult
    package func prune(olderThan cutoff: Timestamp, restating: [String] = [], alerts: Set<String>? = nil) throws -> Int {
        try connection.transaction {
            let statement = try connection.cached("""
                DELETE FROM notification
                WHERE (id IN (SELECT notification_id FROM outbox GROUP BY notification_id
                              HAVING sum(state = 'pending') = 0 AND max(updated_at) < ?1)
                       AND NOT (status = 'firing'
                                AND (?3 IS NULL OR rule IN (SELECT value FROM json_each(?3)))
                                AND EXISTS (SELECT 1 FROM rule_state r WHERE r.name = notification.rule AND r.status = 'firing')
                                AND id IN (SELECT notification_id FROM outbox
                                           WHERE id IN (SELECT max(id) FROM outbox
                                                        WHERE channel IN (SELECT value FROM json_each(?2)) AND state = 'sent'
                                                        GROUP BY channel, alert))))
                   OR (created_at < ?1 AND NOT EXISTS (SELECT 1 FROM outbox WHERE notification_id = notification.id))
                """)
            try statement.bind(1, cutoff)
            try statement.bind(2, OutboxStore.jsonList(restating))
            try statement.bind(3, alerts.map { OutboxStore.jsonList($0.sorted()) })
            try statement.execute()
            return connection.changes
        }
    }

    /// Gives the file's free pages (left by `prune` and `purgeDead`) back to the file system:
    /// an incremental vacuum moves them to the end and truncates them from the database, and
    /// a checkpoint carries that into the main file. Returns the pages freed.
    @discardableResult
    package func returnFreePages() throws -> Int {
        let free = Int(try connection.integerPragma("freelist_count"))
        guard free > 0 else { return 0 }
        // sqlite3_exec steps the pragma to the end: each step frees one page.
        try connection.execute("PRAGMA incremental_vacuum")
        try checkpoint()
        return free
    }
}
