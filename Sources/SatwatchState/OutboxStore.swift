import SatwatchBase
import SatwatchJSON
import SatwatchRules
import SQLiteKit

/// The outbox: one row per notification and channel, the durable queue of deliveries.
package struct OutboxStore {
    let connection: SQLiteConnection

    /// The entries of `channel` that may go now, in queue order, at most `limit`: every pending
    /// entry that is due, unless an earlier entry of its alert (or the entry itself) waits — a
    /// retry back-off or a hold of that alert's own. One alert's entries go in the order they
    /// were queued; an alert that waits delays no other.
    package func deliverable(channel: String, now: Timestamp, limit: Int) throws -> [OutboxEntry] {
        let statement = try connection.cached(Self.deliverableQuery)
        try statement.bind(1, channel)
        try statement.bind(2, now)
        try statement.bind(3, limit)
        return try entries(from: statement)
    }

    /// `deliverable`'s query. It reads the channel's pending rows in id order from an index and
    /// stops at `limit`: sorting them (as it did with only `outbox_due`) made each message cost
    /// the whole queue, and a burst of 10,000 take minutes.
    static let deliverableQuery = """
        SELECT \(entryColumns)
        WHERE o.channel = ?1 AND o.state = 'pending'
          AND NOT EXISTS (SELECT 1 FROM outbox w
                          WHERE w.channel = o.channel AND w.state = 'pending' AND w.alert = o.alert
                            AND w.id <= o.id AND w.next_attempt_at > ?2)
        ORDER BY o.id LIMIT ?3
        """

    /// When something of `channel` is next due: the earliest due time among its alerts' oldest
    /// pending entries (an entry behind its alert's head cannot go first); nil when nothing is
    /// pending.
    package func nextDue(channel: String) throws -> Timestamp? {
        let statement = try connection.cached("""
            SELECT min(next_attempt_at) FROM outbox
            WHERE id IN (SELECT min(id) FROM outbox WHERE channel = ?1 AND state = 'pending' GROUP BY alert)
            """)
        try statement.bind(1, channel)
        return try statement.single { $0.optionalTimestamp(0) } ?? nil
    }

    /// The entry of `channel` that is due first: among its alerts' oldest pending entries, the
    /// one with the earliest due time (the oldest on a tie); nil when nothing is pending.
    package func nextDueEntry(channel: String) throws -> OutboxEntry? {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.id IN (SELECT min(id) FROM outbox WHERE channel = ?1 AND state = 'pending' GROUP BY alert)
            ORDER BY o.next_attempt_at, o.id LIMIT 1
            """)
        try statement.bind(1, channel)
        return try entries(from: statement).first
    }

    /// What a receiver of the channel whose queues are `queues` (its own name and its peers',
    /// `QueueNames.family`) is told again, per alert: the newest notification that any of them
    /// sent, when it fires and the alert still does (one of `alerts`, the ones the worker
    /// evaluates, nil: any, whose saved state fires), or it resolved at or after `resolvedSince`.
    /// Oldest first.
    ///
    /// - What was not sent is passed over, whatever it says: the receiver still holds what it
    ///   heard before, and hearing that again keeps it from expiring. A reminder kept from the
    ///   channel (a satwatch silence, a cap) must not let a firing alert lapse either: a silence
    ///   holds notifications back, and Alertmanager resolving the alert on its own would be one,
    ///   and untrue. A reminder that waits (behind
    ///   the channel's group interval, in a rule's quiet window, for its retry) must not let a
    ///   firing alert lapse. A resolve that waits leaves the firing told until the resolve itself
    ///   goes: the firing is still all the receiver was told, telling it resolved sooner would go
    ///   around what holds the resolve, and letting it lapse would have Alertmanager resolve it
    ///   on its own at an `endsAt` of our making instead of when the alert cleared.
    /// - Every queue of the channel counts, so a peer added to `urls`, or a channel that went from
    ///   `url` to `urls`, is told at once what the others heard.
    /// - An alert the worker no longer fires is not told as firing: its rule was removed or
    ///   disabled, or changed and started fresh (which announces nothing). Alertmanager then
    ///   resolves it at the `endsAt` it was last told, within four resends.
    package func latestHeard(queues: [String], resolvedSince: Timestamp, alerts: Set<String>?) throws -> [OutboxEntry] {
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.id IN (SELECT max(id) FROM outbox
                           WHERE channel IN (SELECT value FROM json_each(?1)) AND state = 'sent' GROUP BY alert)
              AND CASE n.status
                  WHEN 'firing' THEN (?3 IS NULL OR o.alert IN (SELECT value FROM json_each(?3)))
                                     AND EXISTS (SELECT 1 FROM rule_state r WHERE r.name = o.alert AND r.status = 'firing')
                  ELSE n.at >= ?2 END
            ORDER BY o.id
            """)
        try statement.bind(1, Self.jsonList(queues))
        try statement.bind(2, resolvedSince)
        try statement.bind(3, alerts.map { Self.jsonList($0.sorted()) })
        return try entries(from: statement)
    }

    /// `strings` as one JSON array, for a query's `json_each`: one cached plan however many.
    static func jsonList(_ strings: [String]) -> String {
        JSONValue.array(strings.map { JSONNode(.string($0)) }).jsonText()
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
            UPDATE outbox SET attempts = ?2, next_attempt_at = ?3, last_error = ?4, updated_at = ?5, hold_kind = NULL
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

extension OutboxStore {
    /// Stores `notification` and queues a delivery per channel (once per channel).
    ///
    /// Its id is taken as given unless another event already holds it: re-committing the same
    /// event (a writer retrying a commit it could not confirm) adds nothing, but a different event
    /// under an id in use (an id stored before ids carried sequences, or a hash collision) is
    /// stored under the next free id derived from it, never dropped.
    func enqueue(_ notification: Notification, at now: Timestamp) throws {
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
            INSERT INTO outbox (notification_id, channel, alert, state, attempts, next_attempt_at, created_at, updated_at)
            VALUES (?1, ?2, ?4, 'pending', 0, ?3, ?3, ?3)
            ON CONFLICT (notification_id, channel) DO NOTHING
            """)
        for channel in notification.channels {
            try delivery.bind(1, notification.id)
            try delivery.bind(2, channel)
            try delivery.bind(3, now)
            try delivery.bind(4, notification.rule)
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

extension OutboxStore {
    /// Deliveries per channel and state, for `status` and metrics.
    package func counts() throws -> [String: OutboxCounts] {
        let statement = try connection.cached("SELECT channel, state, count(*) FROM outbox GROUP BY channel, state")
        var counts: [String: OutboxCounts] = [:]
        for (channel, state, count) in try statement.query({ ($0.string(0), $0.string(1), $0.int(2)) }) {
            switch OutboxState(rawValue: state) {
            case .pending: counts[channel, default: OutboxCounts()].pending = count
            case .sent: counts[channel, default: OutboxCounts()].sent = count
            case .dead: counts[channel, default: OutboxCounts()].dead = count
            default: counts[channel, default: OutboxCounts()].kept[state] = count
            }
        }
        return counts
    }

    /// Entries in any of `states`, newest first, at most `limit`: `status` lists what is still
    /// to deliver and what was given up.
    package func entries(states: Set<OutboxState> = [.pending, .dead], limit: Int = 100) throws -> [OutboxEntry] {
        // The states as one JSON list: one cached plan whatever the set.
        let statement = try connection.cached("""
            SELECT \(Self.entryColumns)
            WHERE o.state IN (SELECT value FROM json_each(?1)) ORDER BY o.id DESC LIMIT ?2
            """)
        try statement.bind(1, Self.jsonList(states.map(\.rawValue).sorted()))
        try statement.bind(2, limit)
        return try entries(from: statement)
    }
}

/// Which dead deliveries `satwatch retry` puts back in the queue.
package enum DeadSelection: Sendable, Equatable {
    /// The delivery with this outbox id (`#ID` in `status`).
    case id(Int64)
    /// Every dead delivery of this channel.
    case channel(String)
    /// Every dead delivery.
    case all
}
