import Dispatch
import Glibc
import Synchronization

/// A bounded set of threads that run blocking work (a database call, a network transfer, reading
/// files) taken in order from a bounded queue, so that such work never holds a thread of Swift's
/// cooperative pool (one a core) and never costs a new thread per call.
///
/// A thread is started when a job finds none free, up to `threads`, and lives until `shutdown()`
/// (a pool nobody uses costs no thread). A job that finds the queue full is refused at once
/// (`Refusal.full`) rather than waited for, so a flood costs its callers an error each, never
/// unbounded memory. Give each kind of resource its own pool: a job blocked on one (a locked
/// database) then never delays a job of another (a network transfer).
package final class BlockingPool: Sendable {
    /// Why a job was not taken.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        /// `capacity` jobs were already waiting for a thread of pool `pool`.
        case full(pool: String, capacity: Int)
        /// The pool was shut down.
        case closed(pool: String)

        package var description: String {
            switch self {
            case .full(let pool, let capacity): "\(pool): \(capacity) jobs are waiting already"
            case .closed(let pool): "\(pool): shut down"
            }
        }
    }

    private struct State {
        var jobs = JobQueue()
        var closing = false
        /// Threads started, and those that ended after `shutdown()`.
        var started = 0
        var exited = 0
        /// Threads waiting for a job, and threads started but not yet waiting: a job that finds
        /// more jobs queued than these will take starts a thread (up to `threads`).
        var waiting = 0
        var starting = 0
        var finished: [CheckedContinuation<Void, Never>] = []
    }

    /// The pool's name: its threads are named after it (`/proc/PID/task/*/comm`, at most 15 bytes).
    package let name: String
    /// The most threads that run jobs.
    package let threads: Int
    /// How many jobs may wait for a thread at once (running ones, and those a free thread is
    /// about to take, not counted).
    package let capacity: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// A pool of up to `threads` threads named `name` that take jobs from a queue of at most
    /// `capacity`.
    package init(name: String, threads: Int, capacity: Int) {
        precondition(threads > 0 && capacity >= 0, "a pool needs a thread and a queue of zero or more")
        self.name = name
        self.threads = threads
        self.capacity = capacity
    }

    /// Queues `job`; throws when `capacity` jobs are waiting already, or after `shutdown()`.
    package func submit(_ job: @escaping @Sendable () -> Void) throws(Refusal) {
        try enqueue(job, overCapacity: false)
    }

    /// Runs `work` on a thread of the pool and returns its result, suspending (not blocking) the
    /// caller meanwhile; throws, without running it, when the pool refuses it.
    package func run<Success: Sendable>(_ work: @escaping @Sendable () -> Success) async throws(Refusal) -> Success {
        let result: Result<Success, Refusal> = await withCheckedContinuation { continuation in
            do throws(Refusal) {
                try submit { continuation.resume(returning: .success(work())) }
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        return try result.get()
    }

    /// How many jobs wait for a thread now (running ones not counted).
    package var waiting: Int { state.withLock { $0.jobs.count } }

    /// Stops taking jobs, lets those queued and running finish, and returns once every thread of
    /// the pool has exited. Idempotent.
    package func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (done, wakes) = state.withLock { state -> (Bool, Int) in
                let wakes = state.closing ? 0 : state.started
                state.closing = true
                guard state.exited < state.started else { return (true, wakes) }
                state.finished.append(continuation)
                return (false, wakes)
            }
            for _ in 0..<wakes { wake.signal() }
            if done { continuation.resume() }
        }
    }

    /// Queues `job`; a lane's turn (`overCapacity`) is never refused for room, since a lane holds
    /// at most one place at a time and must run what its actor was given.
    func enqueue(_ job: @escaping @Sendable () -> Void, overCapacity: Bool) throws(Refusal) {
        let startThread = try state.withLock { state throws(Refusal) -> Bool in
            guard !state.closing else { throw .closed(pool: name) }
            // Jobs that a free or starting thread will take, or a new thread, wait for nobody.
            let waitingForAThread = state.jobs.count - state.waiting - state.starting
            guard overCapacity || state.started < threads || waitingForAThread < capacity else {
                throw .full(pool: name, capacity: capacity)
            }
            state.jobs.append(job)
            guard waitingForAThread >= 0, state.started < threads else { return false }
            state.started += 1
            state.starting += 1
            return true
        }
        if startThread { Self.start(self) }
        wake.signal()
    }

    /// One thread of the pool: takes jobs until the pool shuts down and its queue is empty.
    private func work() {
        var first = true
        while true {
            state.withLock { state in
                if first { state.starting -= 1 }
                state.waiting += 1
            }
            first = false
            wake.wait()
            let next = state.withLock { state -> (@Sendable () -> Void)? in
                state.waiting -= 1
                return state.jobs.popFirst()
            }
            if let next {
                next()
                continue
            }
            // Woken without a job: only shutdown does that, once per thread, after its jobs.
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.exited += 1
                guard state.exited == state.started else { return [] }
                defer { state.finished = [] }
                return state.finished
            }
            waiters.forEach { $0.resume() }
            return
        }
    }

    /// Starts one detached thread running `pool.work()`, named after the pool.
    private static func start(_ pool: BlockingPool) {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(pool).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let pool = Unmanaged<BlockingPool>.fromOpaque(context!).takeRetainedValue()
            BlockingPool.nameThisThread(pool.name)
            pool.work()
            return nil
        }, context)
        // Without its threads the process cannot do its work at all: no thread is a crash, as
        // running out of memory is.
        precondition(status == 0, "\(pool.name): cannot start a thread: error \(status)")
        pthread_detach(thread)
    }
}

extension BlockingPool {
    /// Names the calling thread (its first 15 bytes) where `ps -L`, `top -H` and
    /// `/proc/PID/task/*/comm` show it; for a pool's threads, and for a thread started elsewhere
    /// that lives for one job. Through `/proc` because Glibc's Swift module leaves out
    /// `pthread_setname_np` (a GNU extension); a system without `/proc` leaves it unnamed.
    package static func nameThisThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
