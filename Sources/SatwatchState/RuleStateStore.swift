import CSQLite
import SatwatchBase
import SatwatchRules
import SQLiteKit

/// Each rule's persisted state (`rule_state`), enough to resume after a restart without
/// re-announcing.
package struct RuleStateStore {
    let connection: SQLiteConnection

    /// Every saved rule state by rule name, to hand to `RuleEngine(restoring:)`. States of rules
    /// that no longer exist are included; the engine ignores them.
    package func load() throws -> [String: RuleState] {
        let statement = try connection.cached("""
            SELECT name, digest, status, active_since, fired_at, last_notified_at, last_value, last_observed_at,
                   memory, candle_start, candle_close, spent, waiting, sequence, decided_values
            FROM rule_state
            """)
        var states: [String: RuleState] = [:]
        for (name, state) in try statement.query(Self.decodeRuleState) { states[name] = state }
        return states
    }

    /// Saves `states` in one transaction (e.g. a periodic flush of last observed values, which
    /// change without a commit-worthy transition).
    package func save(_ states: [String: RuleState], at now: Timestamp) throws {
        guard !states.isEmpty else { return }
        try connection.transaction {
            for (name, state) in states { try upsert(rule: name, state: state, at: now) }
        }
    }

    /// Inserts or replaces the state of `rule`.
    func upsert(rule: String, state: RuleState, at now: Timestamp) throws {
        let statement = try connection.cached("""
            INSERT INTO rule_state (name, digest, status, active_since, fired_at, last_notified_at,
                                    last_value, last_observed_at, updated_at,
                                    memory, candle_start, candle_close, spent, waiting, sequence, decided_values)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
            ON CONFLICT (name) DO UPDATE SET
                digest = excluded.digest, status = excluded.status, active_since = excluded.active_since,
                fired_at = excluded.fired_at, last_notified_at = excluded.last_notified_at,
                last_value = excluded.last_value, last_observed_at = excluded.last_observed_at,
                updated_at = excluded.updated_at, memory = excluded.memory, candle_start = excluded.candle_start,
                candle_close = excluded.candle_close, spent = excluded.spent, waiting = excluded.waiting,
                sequence = excluded.sequence, decided_values = excluded.decided_values
            """)
        try statement.bind(1, rule)
        try statement.bind(2, state.digest)
        try statement.bind(3, state.status.rawValue)
        try statement.bind(4, state.activeSince)
        try statement.bind(5, state.firedAt)
        try statement.bind(6, state.lastNotifiedAt)
        try statement.bind(7, state.lastValue)
        try statement.bind(8, state.lastObservedAt)
        try statement.bind(9, now)
        try statement.bind(10, state.memory)
        try statement.bind(11, state.candleStart)
        try statement.bind(12, state.candleClose)
        try statement.bind(13, state.isSpent)
        try statement.bind(14, state.waiting)
        try statement.bind(15, state.sequence)
        try statement.bind(16, StoredObservedValues.text(state.decidedValues))
        try statement.execute()
    }

    private static func decodeRuleState(_ row: SQLiteStatement) throws -> (String, RuleState) {
        let name = row.string(0)
        guard let status = AlertStatus(rawValue: row.string(2)) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "rule \(name) has unknown status \(row.string(2))", sql: nil)
        }
        var state = RuleState(status: status, activeSince: row.optionalTimestamp(3), firedAt: row.optionalTimestamp(4),
                              lastNotifiedAt: row.optionalTimestamp(5), lastValue: row.optionalDouble(6),
                              lastObservedAt: row.optionalTimestamp(7), digest: row.string(1))
        state.memory = row.optionalDouble(8)
        state.candleStart = row.optionalTimestamp(9)
        state.candleClose = row.optionalDouble(10)
        state.isSpent = row.bool(11)
        state.waiting = row.optionalString(12)
        state.sequence = row.int64(13)
        state.decidedValues = try StoredObservedValues.values(row.optionalString(14))
        return (name, state)
    }
}
