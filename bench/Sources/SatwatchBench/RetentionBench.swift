import FoundationEssentials
import Glibc
import SatwatchApp
import SatwatchBase
import SatwatchRules
import SatwatchState

/// A simulated year of a busy worker on a real file: `perDay` notifications a day, each for two
/// channels, committed by the evaluator's store and marked sent a second later by the
/// dispatcher's, which prunes with the 30-day retention every simulated hour and gives the
/// free pages back, as the worker does. One in fifty deliveries dies instead (a bad token).
enum RetentionBench {
    struct Result {
        /// The database file alone at the end.
        var databaseBytes: Int
        /// Database plus write-ahead log (which SQLite keeps at up to 4 MiB once grown): peak.
        var peakBytes: Int
        var pruneP99: Double
    }

    static func run(days: Int, perDay: Int) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        let evaluator = try StateStore.open(path: path, autoCheckpointPages: 0)
        let dispatcher = try StateStore.open(path: path)
        let retention = Config.defaultStateRetention
        let hour: Int64 = 3_600_000
        let start: Int64 = 1_765_375_320_000
        let spacing = 24 * hour / Int64(perDay)
        var peak = 0
        var pruneTimes: [Double] = []
        var sequence = 0
        for hourIndex in 0..<Int64(days * 24) {
            let hourStart = start + hourIndex * hour
            var at = hourStart + spacing - hourStart % spacing
            while at < hourStart + hour {
                sequence += 1
                let notification = Notification(
                    rule: "rule-\(sequence % 40)", status: sequence % 2 == 0 ? .firing : .resolved, metric: "btc.usd",
                    value: 100_000 + Double(sequence % 997), threshold: 100_000, at: Timestamp(milliseconds: at),
                    startsAt: Timestamp(milliseconds: at - 60_000),
                    message: "BTC/USD crossed above 100000 (now \(100_000 + sequence % 997)) on coinbase, rule rule-\(sequence % 40)",
                    labels: [Label("severity", "page"), Label("team", "treasury")], channels: ["mail", "team"])
                let change = RuleChange(rule: notification.rule, state: RuleState(digest: "d"), notification: notification)
                try evaluator.commit([change], at: Timestamp(milliseconds: at))
                for entry in try dispatcher.outbox.entries(states: [.pending], limit: 10) {
                    if entry.id % 50 == 0 {
                        try dispatcher.outbox.markDead(id: entry.id, at: Timestamp(milliseconds: at + 1_000), reason: "HTTP 401 Unauthorized")
                    } else {
                        try dispatcher.outbox.markSent(id: entry.id, at: Timestamp(milliseconds: at + 1_000))
                    }
                }
                at += spacing
            }
            let now = Timestamp(milliseconds: hourStart + hour)
            let begin = BenchClock.now()
            try dispatcher.maintenance.prune(olderThan: now - retention)
            try dispatcher.maintenance.returnFreePages()
            pruneTimes.append((BenchClock.now() - begin) * 1000)
            peak = max(peak, size([path, path + "-wal"]))
        }
        return Result(databaseBytes: size([path]), peakBytes: peak,
                      pruneP99: BenchClock.percentile(pruneTimes, 99))
    }

    /// The total size of `files` (missing ones count 0).
    static func size(_ files: [String]) -> Int {
        files.reduce(0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Int(info.st_size) : 0)
        }
    }
}
