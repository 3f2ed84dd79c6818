import FoundationEssentials
import SatwatchBase
import SatwatchRules
import SatwatchState

/// How the state file grows with notifications when nothing is pruned (`docs/scaling.md`):
/// `count` notifications, each for one channel with two labels and a message of about 80
/// characters, committed 100 to a transaction (as a burst is) and marked sent, into a fresh
/// file; the database's size once the write-ahead log is copied in, per notification.
enum StateGrowthBench {
    struct Result {
        var bytesPerNotification: Double
        /// Notifications committed and marked sent per second, through both steps.
        var notificationsPerSecond: Double
    }

    static func run(count: Int) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        let store = try StateStore.open(path: path)
        let start = BenchClock.now()
        var at: Int64 = 1_765_375_320_000
        var written = 0
        while written < count {
            let batch = (written..<min(count, written + 100)).map { index in
                let notification = Notification(
                    rule: "rule-\(index % 1_000)", status: index % 2 == 0 ? .firing : .resolved, metric: "btc.usd",
                    value: 100_000 + Double(index % 997), threshold: 100_000, at: Timestamp(milliseconds: at),
                    startsAt: Timestamp(milliseconds: at - 60_000),
                    message: "BTC/USD crossed above 100000 (now \(100_000 + index % 997)) on coinbase, rule rule-\(index % 1_000)",
                    labels: [Label("severity", "page"), Label("team", "treasury")], channels: ["team"])
                return RuleChange(rule: notification.rule, state: RuleState(digest: "d"), notification: notification)
            }
            try store.commit(batch, at: Timestamp(milliseconds: at))
            for entry in try store.outbox.entries(states: [.pending], limit: batch.count) {
                try store.outbox.markSent(id: entry.id, at: Timestamp(milliseconds: at + 1_000))
            }
            written += batch.count
            at += 1_000
        }
        let seconds = BenchClock.now() - start
        _ = try store.maintenance.checkpoint()
        store.close()
        return Result(bytesPerNotification: Double(RetentionBench.size([path, path + "-wal"])) / Double(count),
                      notificationsPerSecond: Double(count) / seconds)
    }
}
