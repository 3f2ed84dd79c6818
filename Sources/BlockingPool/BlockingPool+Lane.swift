import Glibc
import Synchronization

extension BlockingPool {
    /// A serial executor on a pool's threads: its jobs run one at a time, in order, each on
    /// whichever thread of the pool is free. An actor whose work blocks (a database connection)
    /// runs on one, so it never holds a thread of the cooperative pool, and many such actors
    /// share the pool's few threads instead of a thread each.
    ///
    /// It is a task executor too: a task that prefers it runs its own code on the lane, so its
    /// calls into the actor (and back) need no hop to another thread.
    package final class Lane: SerialExecutor, TaskExecutor, Sendable {
        private struct State {
            var jobs = JobQueue()
            /// A turn is queued on the pool or running.
            var scheduled = false
            /// The thread running the lane's turn, if any.
            var thread: pthread_t?
        }

        /// The pool whose threads run the lane's jobs.
        package let pool: BlockingPool
        private let state = Mutex(State())
        /// At most this many jobs run in one turn before the lane queues itself again, so that
        /// a busy lane lets the pool's other work through.
        private static let turnLength = 32

        /// A lane on `pool`.
        package init(on pool: BlockingPool) { self.pool = pool }

        /// Runs `body` in the lane, after the jobs queued before it, and returns its result.
        package func run<Success: Sendable>(_ body: @escaping @Sendable () -> Success) async -> Success {
            await withCheckedContinuation { continuation in
                submit { continuation.resume(returning: body()) }
            }
        }

        /// Queues `body` in the lane, after the jobs queued before it.
        package func submit(_ body: @escaping @Sendable () -> Void) {
            let start = state.withLock { state in
                state.jobs.append(body)
                defer { state.scheduled = true }
                return !state.scheduled
            }
            if start { scheduleTurn() }
        }

        /// Whether the calling thread is running the lane's turn now.
        package var isCurrent: Bool {
            state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }

        package func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let serial = asUnownedSerialExecutor(), task = asUnownedTaskExecutor()
            // Every job here runs in the one lane, so each is isolated to the actor's executor,
            // whichever task it belongs to: a call into the actor needs no switch.
            submit { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
        }

        package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

        package func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }

        /// Queues the lane's next turn on the pool. A pool shut down under a lane still runs its
        /// jobs (on the caller's thread): an executor cannot drop what its actor was given.
        private func scheduleTurn() {
            do {
                try pool.enqueue({ self.turn() }, overCapacity: true)
            } catch {
                turn()
            }
        }

        /// Runs up to `turnLength` jobs, then queues the next turn if jobs are left.
        private func turn() {
            state.withLock { $0.thread = pthread_self() }
            for _ in 0..<Self.turnLength {
                guard let job = state.withLock({ $0.jobs.popFirst() }) else { break }
                job()
            }
            let more = state.withLock { state in
                state.thread = nil
                state.scheduled = state.jobs.count > 0
                return state.scheduled
            }
            if more { scheduleTurn() }
        }
    }
}
