import SatwatchBase
import SatwatchRules
import SQLiteKit

/// Silences (`silence`), as `satwatch silence`, the API and signed links write them.
package struct SilenceStore {
    let connection: SQLiteConnection

    /// Stores a new silence.
    package func add(_ silence: Silence) throws {
        try insert(silence, onConflict: "")
    }

    /// Silences that have not ended by `now` (active or still to start), soonest end first;
    /// every silence when `now` is nil.
    package func list(endingAfter now: Timestamp?) throws -> [Silence] {
        let statement = try connection.cached("""
            SELECT \(Self.columns) FROM silence
            WHERE ends_at > coalesce(?1, -9223372036854775808) ORDER BY ends_at, id
            """)
        try statement.bind(1, now)
        return try statement.query(Self.silence)
    }

    /// Adds `silence` unless one with its id is stored already; the stored one either way, and
    /// whether it was added now. For silences whose id says what made them (a link followed
    /// twice makes one silence).
    package func addOnce(_ silence: Silence) throws -> (silence: Silence, added: Bool) {
        try insert(silence, onConflict: "ON CONFLICT (id) DO NOTHING")
        if connection.changes > 0 { return (silence, true) }
        let stored = try connection.cached("SELECT \(Self.columns) FROM silence WHERE id = ?1")
        try stored.bind(1, silence.id)
        return (try stored.query(Self.silence).first ?? silence, false)
    }

    /// The columns `silence(_:)` reads, in its order.
    private static let columns = "id, matchers, starts_at, ends_at, comment, author, created_at"

    /// A silence from a row of `columns`.
    private static func silence(_ row: SQLiteStatement) throws -> Silence {
        Silence(id: row.string(0), matchers: try StoredSilenceMatchers.matchers(row.string(1)), startsAt: row.timestamp(2),
                endsAt: row.timestamp(3), comment: row.string(4), author: row.string(5), createdAt: row.timestamp(6))
    }

    /// Inserts `silence`, with `onConflict` (an upsert clause, or none).
    private func insert(_ silence: Silence, onConflict: String) throws {
        let statement = try connection.cached("INSERT INTO silence (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \(onConflict)")
        try statement.bind(1, silence.id)
        try statement.bind(2, StoredSilenceMatchers.text(silence.matchers))
        try statement.bind(3, silence.startsAt)
        try statement.bind(4, silence.endsAt)
        try statement.bind(5, silence.comment)
        try statement.bind(6, silence.author)
        try statement.bind(7, silence.createdAt)
        try statement.execute()
    }

    /// Ends silence `id` at `now` if it has not ended yet; false when there is no such silence
    /// still running.
    package func expire(id: String, at now: Timestamp) throws -> Bool {
        let statement = try connection.cached("UPDATE silence SET ends_at = ?2 WHERE id = ?1 AND ends_at > ?2")
        try statement.bind(1, id)
        try statement.bind(2, now)
        try statement.execute()
        return connection.changes > 0
    }
}
