import SatwatchRules
import SatwatchBase

extension OutboxStore {
    /// Holds pending entry `id` until `until` for the reason `kind` (`muted`: a quiet window's
    /// end): due then, no attempt counted.
    package func markHeld(id: Int64, until: Timestamp, kind: HoldKind, at now: Timestamp) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE outbox SET next_attempt_at = ?2, held_until = ?2, hold_kind = ?4, updated_at = ?3
            WHERE id = ?1 AND state = 'pending'
            """)
        try statement.bind(1, id)
        try statement.bind(2, until)
        try statement.bind(3, now)
        try statement.bind(4, kind.rawValue)
        try statement.execute()
        return connection.changes > 0
    }

    /// Records that pending entry `id` was kept from its channel, `state` saying for what kind of
    /// reason (`silenced`, `muted`, …) and `reason` why in words.
    package func markKept(id: Int64, as state: OutboxState, at now: Timestamp, reason: String) throws -> Bool {
        let statement = try connection.cached("""
            UPDATE outbox SET state = ?4, updated_at = ?2, last_error = ?3 WHERE id = ?1 AND state = 'pending'
            """)
        try statement.bind(1, id)
        try statement.bind(2, now)
        try statement.bind(3, reason)
        try statement.bind(4, state.rawValue)
        try statement.execute()
        return connection.changes > 0
    }

    /// Whether a pending entry of `rule` queued after entry `id` waits on `channel`.
    package func hasLaterPending(than id: Int64, rule: String, channel: String) throws -> Bool {
        let statement = try connection.cached("""
            SELECT 1 FROM outbox WHERE channel = ?1 AND state = 'pending' AND alert = ?3 AND id > ?2 LIMIT 1
            """)
        try statement.bind(1, channel)
        try statement.bind(2, id)
        try statement.bind(3, rule)
        return try !statement.query { _ in true }.isEmpty
    }

    /// What became of the firing that `resolved` resolves (same rule and start) on `channel`, as
    /// far as its resolve goes: `sent` when the channel heard it, the firing itself or any of its
    /// reminders (a firing silenced, muted or capped whose later reminder went out was heard
    /// all the same), or when what the channel last heard of the alert is an earlier firing;
    /// else the firing's own state; nil when none was queued there. A resolve goes out only
    /// where the alert was heard firing.
    package func firingOutcome(of resolved: Notification, channel: String) throws -> OutboxState? {
        if try lastHeardIsFiring(resolved.rule, channel: channel) { return .sent }
        let statement = try connection.cached("""
            SELECT o.state FROM outbox o JOIN notification n ON n.id = o.notification_id
            WHERE o.channel = ?3 AND o.alert = ?1 AND n.rule = ?1 AND n.starts_at = ?2 AND n.status = 'firing'
              AND (n.is_reminder = 0 OR o.state = 'sent')
            ORDER BY o.state = 'sent' DESC, o.id DESC LIMIT 1
            """)
        try statement.bind(1, resolved.rule)
        try statement.bind(2, resolved.startsAt)
        try statement.bind(3, channel)
        return try statement.query { OutboxState(rawValue: $0.string(0)) }.first
    }

    /// Whether what `channel` last heard of alert `rule` is a firing (no resolve sent since): its
    /// receiver believes the alert fires, whichever firing it heard. After a quiet window in which
    /// the alert resolved, fired again and resolved again, the firing it heard is an earlier one
    /// than the one the last resolve ends, and that earlier firing's own resolve was kept as
    /// superseded while muted: without this, the channel would be left believing it fires.
    private func lastHeardIsFiring(_ rule: String, channel: String) throws -> Bool {
        let statement = try connection.cached("""
            SELECT n.status FROM outbox o JOIN notification n ON n.id = o.notification_id
            WHERE o.channel = ?2 AND o.state = 'sent' AND o.alert = ?1 AND n.rule = ?1
            ORDER BY o.id DESC LIMIT 1
            """)
        try statement.bind(1, rule)
        try statement.bind(2, channel)
        return try statement.query { $0.string(0) }.first == "firing"
    }
}
