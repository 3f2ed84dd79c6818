import SQLiteKit
/// The daily closes that windows of a day or more read (`daily_close`).
package struct DailyCloseStore {
    let connection: SQLiteConnection

    /// How many days back a key's closes stay whatever the rules read now: a rule disabled, a
    /// window narrowed or a metric left for a while finds its closes again, and a key no window
    /// reads leaves the file after this many days, so the file stays bounded.
    package static let keptDays: Int64 = 366

    /// Upserts `closes` (by key, `(day, value)` with days counted from the epoch in UTC; a day
    /// saved again takes the new value, as the open day's running close does every flush) and
    /// prunes, in one transaction, every key's days more than `keptDays` before `today`, except
    /// that a key a window reads keeps its days from `oldest[key]` on (a window longer than
    /// `keptDays`).
    package func save(_ closes: [String: [(day: Int64, value: Double)]], keepingFrom oldest: [String: Int64], today: Int64) throws {
        try connection.transaction {
            let insert = try connection.cached("INSERT OR REPLACE INTO daily_close (key, day, value) VALUES (?1, ?2, ?3)")
            for (key, keyCloses) in closes {
                for close in keyCloses where close.value.isFinite {
                    try insert.bind(1, key)
                    try insert.bind(2, close.day)
                    try insert.bind(3, close.value)
                    try insert.execute()
                }
            }
            let cutoff = today - Self.keptDays
            let stored = try connection.cached("SELECT DISTINCT key FROM daily_close").query { $0.string(0) }
            let prune = try connection.cached("DELETE FROM daily_close WHERE key = ?1 AND day < ?2")
            for key in stored {
                try prune.bind(1, key)
                try prune.bind(2, min(oldest[key] ?? cutoff, cutoff))
                try prune.execute()
            }
        }
    }

    /// The stored closes by key, oldest day first (the newest of a key may be the day that was
    /// still open when it was saved: `DailyCloses(restoring:capacity:)` treats it so).
    package func load() throws -> [String: [(day: Int64, value: Double)]] {
        let rows = try connection.cached("SELECT key, day, value FROM daily_close ORDER BY key, day").query { row in
            (key: row.string(0), day: row.int64(1), value: row.double(2))
        }
        return Dictionary(grouping: rows, by: \.key).mapValues { $0.map { (day: $0.day, value: $0.value) } }
    }
}
