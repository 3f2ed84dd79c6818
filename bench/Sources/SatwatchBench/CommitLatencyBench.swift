import Dispatch
import FoundationEssentials
import SatwatchBase
import SatwatchRules
import SatwatchState

/// State change → outbox commit latency on a real file, set up as the daemon does: the
/// evaluator's connection never checkpoints; a second connection (the dispatcher's) checkpoints
/// every 20 ms on another thread. Each commit is one rule change with a notification for two
/// channels.
enum CommitLatencyBench {
    static func run(commits: Int) throws -> (p50: Double, p99: Double, max: Double, cpuP99: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        let store = try StateStore.open(path: path, autoCheckpointPages: 0)
        let checkpointer = Checkpointer(path: path)
        checkpointer.start()
        defer { checkpointer.stop() }
        let rule = Rule(name: "bench", condition: .above(100_000, metric: "btc.usd"), channels: ["mail", "team"])
        var engine = RuleEngine(rules: [rule])
        var latencies: [Double] = []
        var cpu: [Double] = []
        var time: Int64 = 1_765_375_320_000
        while latencies.count < commits {
            time += 1000
            let value = latencies.count % 2 == 0 ? 100_500.0 : 99_000.0
            let changes = engine.ingest(Sample(metric: "btc.usd", value: value, at: Timestamp(milliseconds: time), source: "coinbase"))
            let start = BenchClock.now(), startCPU = BenchClock.threadCPU()
            try store.commit(changes, at: Timestamp(milliseconds: time))
            latencies.append((BenchClock.now() - start) * 1000)
            cpu.append((BenchClock.threadCPU() - startCPU) * 1000)
        }
        return (BenchClock.percentile(latencies, 50), BenchClock.percentile(latencies, 99), latencies.max() ?? .nan,
                BenchClock.percentile(cpu, 99))
    }
}

/// The dispatcher's periodic checkpoint, on its own thread and connection.
final class Checkpointer: @unchecked Sendable {
    private let path: String
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    func start() {
        Thread.detach { [self] in
            guard let store = try? StateStore.open(path: path) else { return }
            while stopped.wait(timeout: .now() + .milliseconds(20)) == .timedOut { _ = try? store.maintenance.checkpoint() }
            finished.signal()
        }
    }

    func stop() {
        stopped.signal()
        finished.wait()
    }
}

enum Thread {
    static func detach(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: body)
    }
}
