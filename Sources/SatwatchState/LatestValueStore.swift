import SatwatchBase
import SQLiteKit

/// The latest value of every metric per source (`metric_latest`), for `status`.
package struct LatestValueStore {
    let connection: SQLiteConnection

    /// Saves the latest value per metric and source in one transaction, for `status` and for a
    /// look at the last known values after a restart. An older sample never replaces a newer one.
    package func save(_ samples: [Sample]) throws {
        guard !samples.isEmpty else { return }
        try connection.transaction {
            let statement = try connection.cached("""
                INSERT INTO metric_latest (metric, source, value, at) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (metric, source) DO UPDATE SET value = excluded.value, at = excluded.at
                WHERE excluded.at >= metric_latest.at
                """)
            for sample in samples {
                try statement.bind(1, sample.metric)
                try statement.bind(2, sample.source)
                try statement.bind(3, sample.value)
                try statement.bind(4, sample.at)
                try statement.execute()
            }
        }
    }

    /// The saved latest values, ordered by metric then source.
    package func load() throws -> [Sample] {
        let statement = try connection.cached("SELECT metric, source, value, at FROM metric_latest ORDER BY metric, source")
        return try statement.query { row in
            Sample(metric: row.string(0), value: row.double(2), at: row.timestamp(3), source: row.string(1))
        }
    }
}
