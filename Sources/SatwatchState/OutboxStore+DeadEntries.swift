import SatwatchBase

extension OutboxStore {
    /// Puts the dead deliveries in `selection` back in the queue as if just committed: pending,
    /// no attempts, due at `now`, and created at `now` so the max age counts anew. A dead entry
    /// that a later entry of its alert on its channel was sent after is left dead: sent now, it
    /// would reach the receiver after that one (a firing after its resolve), and its alert's
    /// entries go in the order they happened. Returns how many it put back and how many it left so.
    @discardableResult
    package func retryDead(_ selection: DeadSelection, at now: Timestamp) throws -> DeadRetry {
        // ?2: an id or NULL, ?3: a channel or NULL.
        let chosen = "state = 'dead' AND (?2 IS NULL OR id = ?2) AND (?3 IS NULL OR channel = ?3)"
        let superseded = """
            EXISTS (SELECT 1 FROM outbox w WHERE w.channel = outbox.channel AND w.alert = outbox.alert
                                                 AND w.id > outbox.id AND w.state = 'sent')
            """
        let count = try connection.cached("SELECT count(*) FROM outbox WHERE \(chosen) AND \(superseded)")
        let update = try connection.cached("""
            UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?1, created_at = ?1,
                              updated_at = ?1, last_error = NULL
            WHERE \(chosen) AND NOT \(superseded)
            """)
        try update.bind(1, now)
        for statement in [count, update] {
            switch selection {
            case .id(let id): try statement.bind(2, id); try statement.bind(3, nil as String?)
            case .channel(let channel): try statement.bind(2, nil as Int64?); try statement.bind(3, channel)
            case .all: try statement.bind(2, nil as Int64?); try statement.bind(3, nil as String?)
            }
        }
        return try connection.transaction {
            let skipped = try count.single { $0.int(0) } ?? 0
            try update.execute()
            return DeadRetry(requeued: connection.changes, superseded: skipped)
        }
    }

    /// Deletes dead deliveries last touched before `cutoff`, and their notifications once no
    /// delivery of them is left. Returns how many deliveries were deleted.
    @discardableResult
    package func purgeDead(updatedBefore cutoff: Timestamp) throws -> Int {
        try connection.transaction {
            let delete = try connection.cached(
                "DELETE FROM outbox WHERE state = 'dead' AND updated_at < ?1 RETURNING notification_id")
            try delete.bind(1, cutoff)
            let notifications = try delete.query { $0.string(0) }
            let orphan = try connection.cached("""
                DELETE FROM notification
                WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM outbox WHERE notification_id = ?1)
                """)
            for id in Set(notifications) {
                try orphan.bind(1, id)
                try orphan.execute()
            }
            return notifications.count
        }
    }

    /// Marks dead every pending delivery created before `cutoff`, whether or not it heads its
    /// channel's queue, with `reason(entry)` as its error; returns them as they were before.
    package func expirePending(createdBefore cutoff: Timestamp, at now: Timestamp, sparing busy: Set<Int64> = [],
                              reason: (OutboxEntry) -> String) throws -> [OutboxEntry] {
        try connection.transaction {
            let select = try connection.cached("""
                SELECT \(Self.entryColumns)
                WHERE o.state = 'pending' AND max(o.created_at, coalesce(o.held_until, 0)) < ?1 ORDER BY o.id
                """)
            try select.bind(1, cutoff)
            let expired = try entries(from: select).filter { !busy.contains($0.id) }
            let update = try connection.cached("""
                UPDATE outbox SET state = 'dead', updated_at = ?2, last_error = ?3 WHERE id = ?1 AND state = 'pending'
                """)
            for entry in expired {
                try update.bind(1, entry.id)
                try update.bind(2, now)
                try update.bind(3, reason(entry))
                try update.execute()
            }
            return expired
        }
    }

    /// When the newest pending delivery was queued (or put back by `retryDead`); nil when
    /// nothing is pending.
    package func latestPendingCreation() throws -> Timestamp? {
        try connection.cached("SELECT max(created_at) FROM outbox WHERE state = 'pending'").single { $0.optionalTimestamp(0) } ?? nil
    }
}

/// What `retryDead` did: the dead deliveries it put back in the queue, and those it left dead
/// because a later notification of the same alert was sent to their channel after them.
package struct DeadRetry: Sendable, Equatable {
    /// Put back in the queue.
    package var requeued: Int
    /// Left dead: superseded by a later notification of the same alert, already sent.
    package var superseded: Int

    /// Nothing put back, nothing left.
    package static let none = DeadRetry(requeued: 0, superseded: 0)

    /// Both counts of `a` and `b` together (a channel's peer queues, retried in turn).
    package static func + (a: DeadRetry, b: DeadRetry) -> DeadRetry {
        DeadRetry(requeued: a.requeued + b.requeued, superseded: a.superseded + b.superseded)
    }
}
