import CBenchHeap
import FoundationEssentials
import SatwatchBase
import SatwatchState

/// What the page's charts cost: the heap of `metrics` metrics' 24 h series at one-minute
/// resolution (filled with `perMinute` samples a minute, as a busy feed sends), samples
/// recorded per second, one chart's read, and the state file those minutes make when flushed
/// every minute as the worker does (with the pruning of what falls out of the 24 h).
enum SeriesBench {
    struct Result {
        /// Heap bytes in use for the whole board (malloc's own count: headers and slack included).
        var bytes: Int
        var recordsPerSecond: Double
        /// Reading one metric's 24 h, in microseconds.
        var readMicroseconds: Double
        /// The minute flush of every metric's new minutes, p50 and p99, in milliseconds of wall
        /// time, and p99 in CPU time of the writing thread (the rest is waiting for the disk).
        var flushP50: Double
        var flushP99: Double
        var flushCPUP99: Double
        /// The state file once the series hold a full day, in bytes.
        var fileBytes: Int
    }

    static func run(metrics: Int, perMinute: Int) throws -> Result {
        let start = Timestamp(milliseconds: 1_765_375_200_000)
        let minutes = 1_440
        let names = (0..<metrics).map { "m\($0).usd" }
        let prices = WanderingPrices.make()
        var elapsed = 0.0
        let before = satwatch_bench_heap_in_use()
        let board = SeriesBoard()
        for minute in 0..<minutes {
            var batch: [Sample] = []
            batch.reserveCapacity(metrics * perMinute)
            for step in 0..<perMinute {
                let at = start + .seconds(Int64(minute * 60 + step * 60 / perMinute))
                for (index, name) in names.enumerated() {
                    batch.append(Sample(metric: name, value: prices[(minute * perMinute + step + index) % prices.count], at: at, source: "kraken"))
                }
            }
            let begin = BenchClock.now()
            board.record(batch)
            elapsed += BenchClock.now() - begin
        }
        let bytes = Int(satwatch_bench_heap_in_use()) - Int(before)
        let now = start + .minutes(Int64(minutes - 1)) + .seconds(59)
        precondition(board.keys.count == metrics)
        precondition(board.series(metric: "m0.usd", since: .epoch, now: now).count == minutes)

        let reads = 2_000
        let readBegin = BenchClock.now()
        var points = 0
        for index in 0..<reads { points += board.series(metric: names[index % metrics], since: .epoch, now: now).count }
        let readSeconds = BenchClock.now() - readBegin
        precondition(points == reads * minutes)

        let flush = try flushes(metrics: names, minutes: minutes + 60, start: start, prices: prices)
        return Result(bytes: bytes, recordsPerSecond: Double(metrics * perMinute * minutes) / elapsed,
                      readMicroseconds: readSeconds / Double(reads) * 1e6, flushP50: BenchClock.percentile(flush.times, 50),
                      flushP99: BenchClock.percentile(flush.times, 99), flushCPUP99: BenchClock.percentile(flush.cpu, 99),
                      fileBytes: flush.fileBytes)
    }

    /// A day and an hour of minute flushes into a fresh state file, on a store that leaves
    /// checkpoints to another, as the evaluator's writer does (each flush saves one minute a
    /// metric and, after the first day, prunes one). Times in milliseconds.
    private static func flushes(metrics names: [String], minutes: Int, start: Timestamp,
                                prices: [Double]) throws -> (times: [Double], cpu: [Double], fileBytes: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("satwatch-bench-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.db").path
        let store = try StateStore.open(path: path, autoCheckpointPages: 0)
        let checkpointer = try StateStore.open(path: path)
        var times: [Double] = [], cpu: [Double] = []
        for minute in 0..<minutes {
            var buckets: [MetricKey: [SeriesBucket]] = [:]
            let at = start + .minutes(Int64(minute))
            for (index, name) in names.enumerated() {
                let value = prices[(minute + index) % prices.count]
                buckets[MetricKey(metric: name, source: "kraken")] = [SeriesBucket(minute: at.milliseconds / 60_000, value: value,
                                                                                   low: value - 25, high: value + 25)]
            }
            let (begin, beginCPU) = (BenchClock.now(), BenchClock.threadCPU())
            try store.series.save(buckets, keepingFrom: at.milliseconds / 60_000 - 1_439)
            times.append((BenchClock.now() - begin) * 1000)
            cpu.append((BenchClock.threadCPU() - beginCPU) * 1000)
            // The dispatcher's store checkpoints when idle; here between flushes.
            try checkpointer.maintenance.checkpoint()
        }
        return (times, cpu, RetentionBench.size([path]))
    }
}
