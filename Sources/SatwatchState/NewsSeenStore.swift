import SatwatchBase
import SatwatchRules
import SQLiteKit

/// The news items the rules have seen (`news_seen`): per source, each item's id and when it
/// was last seen, so a restart announces no item twice (see `HeadlineLedger`). Written in the
/// same transaction as the notifications of the poll that saw them (`StateStore.commit`).
package struct NewsSeenStore {
    let connection: SQLiteConnection

    /// Stores what the ledger recorded: each id with when it was last seen, and for a source
    /// trimmed to its capacity, the ids seen before the oldest kept are forgotten.
    package func save(_ record: HeadlineRecord) throws {
        guard !record.isEmpty else { return }
        try connection.transaction {
            let upsert = try connection.cached("""
                INSERT INTO news_seen (source, id, seen_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (source, id) DO UPDATE SET seen_at = max(seen_at, excluded.seen_at)
                """)
            for (source, ids) in record.seen {
                for (id, seenAt) in ids {
                    try upsert.bind(1, source)
                    try upsert.bind(2, id)
                    try upsert.bind(3, seenAt)
                    try upsert.execute()
                }
            }
            let trim = try connection.cached("DELETE FROM news_seen WHERE source = ?1 AND seen_at < ?2")
            for (source, oldest) in record.oldestKept {
                try trim.bind(1, source)
                try trim.bind(2, oldest)
                try trim.execute()
            }
        }
    }

    /// Every stored id by source, with when it was last seen.
    package func load() throws -> [String: [String: Timestamp]] {
        var seen: [String: [String: Timestamp]] = [:]
        let rows = try connection.cached("SELECT source, id, seen_at FROM news_seen").query { row in
            (source: row.string(0), id: row.string(1), at: row.timestamp(2))
        }
        for row in rows { seen[row.source, default: [:]][row.id] = row.at }
        return seen
    }

    /// Forgets the sources not in `sources` (taken out of the config): the file keeps no ids
    /// nobody reads. A source added again later starts with a first poll that only records.
    package func forget(keeping sources: Set<String>) throws {
        try connection.transaction {
            let stored = try connection.cached("SELECT DISTINCT source FROM news_seen").query { $0.string(0) }
            let delete = try connection.cached("DELETE FROM news_seen WHERE source = ?1")
            for source in stored where !sources.contains(source) {
                try delete.bind(1, source)
                try delete.execute()
            }
        }
    }
}
