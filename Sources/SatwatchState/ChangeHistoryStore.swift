import SatwatchBase
import SatwatchRules
import SQLiteKit

/// `change` rules' recent values (`change_history`), so a restart does not leave them blind for
/// `within`.
package struct ChangeHistoryStore {
    let connection: SQLiteConnection

    /// Adds `points` (by history key) and forgets what is no longer needed, in one transaction:
    /// points older than `oldest[key]`, and every key not in `oldest` (no rule reads it now).
    package func save(_ points: [String: [HistoryPoint]], keepingFrom oldest: [String: Timestamp]) throws {
        try connection.transaction {
            let insert = try connection.cached("INSERT OR REPLACE INTO change_history (key, at, value) VALUES (?1, ?2, ?3)")
            for (key, keyPoints) in points {
                for point in keyPoints {
                    try insert.bind(1, key)
                    try insert.bind(2, point.at)
                    try insert.bind(3, point.value)
                    try insert.execute()
                }
            }
            let prune = try connection.cached("DELETE FROM change_history WHERE key = ?1 AND at < ?2")
            for (key, time) in oldest {
                try prune.bind(1, key)
                try prune.bind(2, time)
                try prune.execute()
            }
            let stored = try connection.cached("SELECT DISTINCT key FROM change_history").query { $0.string(0) }
            let forget = try connection.cached("DELETE FROM change_history WHERE key = ?1")
            for key in stored where oldest[key] == nil && points[key] == nil {
                try forget.bind(1, key)
                try forget.execute()
            }
        }
    }

    /// The stored points by history key, oldest first.
    package func load() throws -> [String: [HistoryPoint]] {
        let rows = try connection.cached("SELECT key, at, value FROM change_history ORDER BY key, at").query { row in
            (row.string(0), HistoryPoint(at: row.timestamp(1), value: row.double(2)))
        }
        return Dictionary(grouping: rows, by: \.0).mapValues { $0.map(\.1) }
    }
}
