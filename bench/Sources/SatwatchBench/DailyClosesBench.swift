import CBenchHeap
import SatwatchBase
import SatwatchRules

/// What windows of a day or more cost: the heap taken by `metrics` metrics' daily closes at
/// `days` days each (filled as at start: the feed's history, then a live sample for today), and
/// memoised window reads per second (what the engine does on every sample).
enum DailyClosesBench {
    struct Result {
        /// Heap bytes in use for all the metrics' closes (malloc's own count, so array growth
        /// slack and headers are included).
        var bytes: Int
        var lookupsPerSecond: Double
    }

    static func run(metrics: Int, days: Int, lookups: Int) -> Result {
        let today: Int64 = 20_436
        let before = satwatch_bench_heap_in_use()
        var all: [DailyCloses] = []
        all.reserveCapacity(metrics)
        for metric in 0..<metrics {
            var closes = DailyCloses(capacity: days)
            for day in today - Int64(days)..<today { closes.seed(90_000 + Double((day * 7919 + Int64(metric)) % 5_000), day: day) }
            closes.record(92_000, at: Timestamp(milliseconds: today * 86_400_000 + 3_600_000))
            precondition(closes.completedCount == days)
            all.append(closes)
        }
        let bytes = Int(satwatch_bench_heap_in_use()) - Int(before)

        let functions: [WindowFunction] = [.sma, .max, .ema]
        var sum = 0.0
        let start = BenchClock.now()
        for index in 0..<lookups {
            sum += all[index % metrics].value(functions[index % 3], days: index % 3 == 2 ? days / 2 : days) ?? .nan
        }
        let elapsed = BenchClock.now() - start
        precondition(sum.isFinite)
        return Result(bytes: bytes, lookupsPerSecond: Double(lookups) / elapsed)
    }
}
