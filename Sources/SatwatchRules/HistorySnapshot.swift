import SatwatchBase

/// The recent values `change` rules compare against: handed from one engine to the next when a
/// reload replaces the rules, and saved to the state file so a restart does not leave a
/// `change … within 1h` rule blind for an hour.
package struct HistorySnapshot: Sendable {
    let histories: [String: MetricHistory]
    /// Daily closes by key, handed over on a reload (a restart reads them from the state file).
    let closes: [String: DailyCloses]

    init(histories: [String: MetricHistory], closes: [String: DailyCloses] = [:]) {
        self.histories = histories
        self.closes = closes
    }

    /// Rebuilds histories from stored points (by history key, oldest first). Retention is set
    /// by the engine that adopts them.
    package init(points: [String: [HistoryPoint]]) {
        histories = points.mapValues { points in
            var history = MetricHistory(retention: TimeSpan(milliseconds: .max / 4))
            for point in points { history.record(point.value, at: point.at) }
            return history
        }
        closes = [:]
    }

    /// The points newer than `saved[key]` per history (all of them for a key not in `saved`):
    /// what the state file does not have yet.
    package func points(after saved: [String: Timestamp]) -> [String: [HistoryPoint]] {
        histories.reduce(into: [:]) { result, entry in
            let fresh = entry.value.points(after: saved[entry.key])
            if !fresh.isEmpty { result[entry.key] = fresh }
        }
    }

    /// Per history, the oldest point still needed; older stored points can go.
    package var oldest: [String: Timestamp] {
        histories.compactMapValues(\.oldest)
    }

    /// The history keys (a metric, or `metric@source` for a rule pinned to a source).
    package var keys: Set<String> { Set(histories.keys) }
}
