import Dispatch
import Glibc
import SatwatchApp
import Synchronization

/// The machine's price of one hand-off on the alert path: a thread of its own (as a feed's
/// WebSocket thread is) puts an input in the evaluator's inbox after sleeping, and the
/// evaluator's task, waiting on the cooperative pool, notes when it runs. Between two frames a
/// worker idles for 100 ms; within one crossing its threads hand over microseconds apart. The
/// frame → webhook rows pay such a wake five or six times a crossing (bench/issue-20.md).
enum WakeBench {
    /// p50 and p99 in microseconds of `rounds` hand-offs, each after the thread slept
    /// `idleMilliseconds`.
    static func run(idleMilliseconds: Int, rounds: Int) async -> (p50: Double, p99: Double) {
        let inbox = EvaluatorInbox()
        // When each input was given: the inbox carries no time of its own precise enough.
        let given = Mutex<[Double]>([])
        DispatchQueue(label: "satwatch-bench.wake").async {
            for _ in 0..<rounds {
                usleep(useconds_t(idleMilliseconds * 1_000))
                given.withLock { $0.append(BenchClock.now()) }
                inbox.yield(.tick)
            }
        }
        let delays = await Task.detached {
            var delays: [Double] = []
            for index in 0..<rounds {
                _ = await inbox.next()
                let now = BenchClock.now()
                delays.append((now - given.withLock { $0[index] }) * 1e6)
            }
            return delays
        }.value
        return (BenchClock.percentile(delays, 50), BenchClock.percentile(delays, 99))
    }
}
