/// The daily closes that windows of a day or more read (`daily_close`).
package struct DailyCloseStore {
    let connection: SQLiteConnection

    /// Upserts `closes` (by key, `(day, value)` with days counted from the epoch in UTC; a day
    /// saved again takes the new value, as the open day's running close does every flush) and
    /// forgets what is no longer needed, in one transaction: days before `oldest[key]`, and every
    /// key in neither `oldest` nor `closes` (no window reads it now).
    package func save(_ closes: [String: [(day: Int64, value: Double)]], keepingFrom oldest: [String: Int64]) throws {
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
            let prune = try connection.cached("DELETE FROM daily_close WHERE key = ?1 AND day < ?2")
            for (key, day) in oldest {
                try prune.bind(1, key)
                try prune.bind(2, day)
                try prune.execute()
            }
            let stored = try connection.cached("SELECT DISTINCT key FROM daily_close").query { $0.string(0) }
            let forget = try connection.cached("DELETE FROM daily_close WHERE key = ?1")
            for key in stored where oldest[key] == nil && closes[key] == nil {
                try forget.bind(1, key)
                try forget.execute()
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
