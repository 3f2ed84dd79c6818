import Foundation
import Testing
import SatwatchKit

/// Commit latency on a real file: one rule change carrying a notification for two channels, the
/// daemon's typical write. Prints wall-clock and thread-CPU percentiles (CPU time shows the
/// store's own cost when other processes compete for the cores). Run it in release:
/// `swift test -c release --filter StateStoreCommitLatency`.
@Suite("StateStoreCommitLatency", .serialized)
struct StateStoreCommitLatency {
    static let rounds = 2_000

    /// Inline: the store checkpoints by itself (SQLite's default, every ~1000 WAL pages).
    @Test func commitWithInlineCheckpoints() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        try Self.measure("inline checkpoints", store: store)
    }

    /// As the daemon runs it: the evaluator never checkpoints, the dispatcher's store does when
    /// idle (here every 20 ms, concurrently).
    @Test func commitWithCheckpointsByTheDispatcher() async throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let store = try StateStore.open(path: path, autoCheckpointPages: 0)
        let done = Atomic(false)
        let dispatcher = Task {
            let other = try StateStore.open(path: path)
            var checkpoints = 0
            while !done.value {
                try other.checkpoint()
                checkpoints += 1
                try await Task.sleep(for: .milliseconds(20))
            }
            return (checkpoints, try other.checkpoint())
        }
        try Self.measure("checkpoints by a second store", store: store)
        done.value = true
        let (checkpoints, complete) = try await dispatcher.value
        #expect(checkpoints > 0)
        #expect(complete)
    }

    static func measure(_ label: String, store: StateStore) throws {
        let clock = ContinuousClock()
        var wall: [Double] = []
        var cpu: [Double] = []
        for index in 0..<rounds {
            let at = Int64(index) * 1_000
            let notification = StateFixtures.notification("bench-\(index)", at: at, channels: ["mail", "hook"])
            let change = StateFixtures.change("btc-above-100k", notification: notification, at: at)
            let cpuBefore = threadCPUMicroseconds()
            let elapsed = try clock.measure { try store.commit([change], at: StateFixtures.at(at)) }
            cpu.append(threadCPUMicroseconds() - cpuBefore)
            wall.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
        print("StateStore.commit, 1 change + 2 deliveries, \(rounds) commits, \(label) (load \(load)): "
              + "wall \(summary(wall)); thread CPU \(summary(cpu))")
        #expect(try store.outboxCounts() == ["mail": OutboxCounts(pending: rounds), "hook": OutboxCounts(pending: rounds)])
    }

    static func summary(_ samples: [Double]) -> String {
        let sorted = samples.sorted()
        func at(_ q: Double) -> Int { Int(sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]) }
        return "p50 \(at(0.5)) µs, p90 \(at(0.9)) µs, p99 \(at(0.99)) µs, max \(Int(sorted.last ?? 0)) µs"
    }

    static func threadCPUMicroseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3
    }

    /// A flag shared with the checkpointing task.
    final class Atomic: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool
        init(_ value: Bool) { stored = value }
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
