import SatwatchBase
import SQLiteKit

/// The page's metric series (`series`): each metric's last 24 h a row a minute.
package struct SeriesStore {
    let connection: SQLiteConnection

    /// Upserts metric series buckets (a minute saved again takes the new value, as the open
    /// minute's does every flush) and deletes every row before `oldestMinute`, in one
    /// transaction. Rows are keyed by minute first, so both touch only the ends of the table.
    package func save(_ buckets: [MetricKey: [SeriesBucket]], keepingFrom oldestMinute: Int64) throws {
        try connection.transaction {
            let insert = try connection.cached("INSERT OR REPLACE INTO series (key, minute, value, min, max) VALUES (?1, ?2, ?3, ?4, ?5)")
            for (key, keyBuckets) in buckets {
                let text = Self.seriesKey(key)
                for bucket in keyBuckets where bucket.value.isFinite && bucket.minute >= oldestMinute {
                    try insert.bind(1, text)
                    try insert.bind(2, bucket.minute)
                    try insert.bind(3, bucket.value)
                    try insert.bind(4, bucket.low == bucket.value ? nil : bucket.low)
                    try insert.bind(5, bucket.high == bucket.value ? nil : bucket.high)
                    try insert.execute()
                }
            }
            let prune = try connection.cached("DELETE FROM series WHERE minute < ?1")
            try prune.bind(1, oldestMinute)
            try prune.execute()
        }
    }

    /// The stored buckets from `oldestMinute` on, by key, oldest first (once, at start: the
    /// day is read in the table's order and sorted out by key here, row by row, so no second
    /// copy of it is held on the way).
    package func load(from oldestMinute: Int64) throws -> [MetricKey: [SeriesBucket]] {
        let statement = try connection.cached("SELECT key, minute, value, min, max FROM series WHERE minute >= ?1 ORDER BY minute, key")
        defer { statement.reset() }
        try statement.bind(1, oldestMinute)
        var keys: [String: MetricKey?] = [:]
        var loaded: [MetricKey: [SeriesBucket]] = [:]
        while try statement.step() {
            let text = statement.string(0)
            if keys[text] == nil { keys[text] = .some(Self.metricKey(text)) }
            // A key this build did not write (no `@`) is nobody's series.
            guard let key = keys[text]! else { continue }
            let bucket = SeriesBucket(minute: statement.int64(1), value: statement.double(2), low: statement.optionalDouble(3),
                                      high: statement.optionalDouble(4))
            loaded[key, default: []].append(bucket)
        }
        return loaded
    }

    /// `metric@source`: feed names have no `@`, so the last one splits it.
    static func seriesKey(_ key: MetricKey) -> String { key.metric + "@" + key.source }

    static func metricKey(_ text: String) -> MetricKey? {
        guard let at = text.lastIndex(of: "@"), at != text.startIndex else { return nil }
        let source = text[text.index(after: at)...]
        guard !source.isEmpty else { return nil }
        return MetricKey(metric: String(text[..<at]), source: String(source))
    }
}
