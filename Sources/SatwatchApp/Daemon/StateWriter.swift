import BlockingPool
import Dispatch
import SatwatchBase
import SatwatchDelivery
import SatwatchRules
import SatwatchState
import Synchronization

/// The evaluator's turns at the state file (`StateFile`, shared with the dispatcher), on a thread
/// of its own: a pool of one, whose thread the writer's loop holds until `finish()` (a loop that
/// waits for work would hold a thread of a shared pool for the worker's life). The evaluator
/// hands it each step's changes and goes on decoding and evaluating: a commit waiting out
/// SQLite's busy lock, a slow disk or a full one never stalls a frame, nor a thread of the
/// cooperative pool.
///
/// Work is done in the order submitted, so rule states are never stored ahead of the
/// notifications their changes owe. A failed job stays first and is tried again every
/// `retryDelay` until it succeeds: the commit is idempotent on notification ids, so a retry never
/// queues a notification twice. Failures and recoveries go to the store health board.
final class StateWriter: @unchecked Sendable {
    // @unchecked: everything is immutable or locked.
    private enum Job {
        case commit([RuleChange], headlines: HeadlineRecord, at: Timestamp)
        case flush(StateFlush)
        case read(@Sendable (StateStore) -> Void)

        /// Whether it stores rule states or notifications.
        var writes: Bool {
            if case .read = self { return false }
            return true
        }
    }

    private struct Queue {
        var jobs: [Job] = []
        var closing = false
        var idle: [CheckedContinuation<Void, Never>] = []
    }

    static let retryDelay = TimeSpan.seconds(1)
    static let part = "evaluator commits"
    private let file: StateFile
    private let queue = Mutex(Queue())
    private let signal = DispatchSemaphore(value: 0)
    private let health: StoreHealthBoard
    private let bells: ChannelBells
    private let logger: Logger
    /// The writer's thread.
    private let thread: BlockingPool
    /// Writes dropped while closing (on the writer thread only). Once one is dropped every later
    /// one is too: the shutdown flush stores every rule's state, and storing it after a dropped
    /// commit would record alerts as announced whose notifications were never queued. Dropped
    /// together, the file keeps the states from before, and the next run works the changes out
    /// again from them.
    private var dropped = 0

    private init(file: StateFile, thread: BlockingPool, health: StoreHealthBoard, bells: ChannelBells, logger: Logger) {
        self.file = file
        self.thread = thread
        self.health = health
        self.bells = bells
        self.logger = logger
    }

    /// Opens `file` on a new writer thread (failing when it cannot be opened).
    static func open(file: StateFile, health: StoreHealthBoard, bells: ChannelBells, logger: Logger) async throws -> StateWriter {
        let thread = BlockingPool(name: "satwatch-writer", threads: 1, capacity: 2)
        do {
            try await thread.run { Result { try file.use { _ in } } }.get()
            let writer = StateWriter(file: file, thread: thread, health: health, bells: bells, logger: logger)
            try thread.submit { writer.work() }
            return writer
        } catch {
            await thread.shutdown()
            throw error
        }
    }

    /// Queues one engine step's changes and the news items it saw (stored together); the
    /// channels they go to are rung once they are stored.
    func commit(_ changes: [RuleChange], headlines: HeadlineRecord = HeadlineRecord(), at now: Timestamp) {
        guard !changes.isEmpty || !headlines.isEmpty else { return }
        submit(.commit(changes, headlines: headlines, at: now))
    }

    /// Queues a flush; one still waiting behind a failing job absorbs the next.
    func flush(_ flush: StateFlush) {
        queue.withLock { queue in
            if case .flush(let waiting)? = queue.jobs.last, queue.jobs.count > 1 {
                queue.jobs[queue.jobs.count - 1] = .flush(waiting.merged(with: flush))
            } else {
                queue.jobs.append(.flush(flush))
            }
        }
        signal.signal()
    }

    /// Reads through the writer's connection, after everything queued before.
    func read<T: Sendable>(_ body: @escaping @Sendable (StateStore) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit(.read { store in continuation.resume(with: Result { try body(store) }) })
        }
    }

    /// Stops taking work and waits until everything queued was stored, or tried once more when
    /// the store is failing. The caller bounds how long it waits (the daemon's grace period).
    func finish() async {
        await withCheckedContinuation { continuation in
            queue.withLock { queue in
                queue.closing = true
                queue.idle.append(continuation)
            }
            signal.signal()
        }
        await thread.shutdown()
    }

    private func submit(_ job: Job) {
        queue.withLock { $0.jobs.append(job) }
        signal.signal()
    }

    /// The writer thread: takes jobs in order until closed and drained.
    private func work() {
        while true {
            let next = queue.withLock { queue -> (Job?, [CheckedContinuation<Void, Never>]) in
                if let job = queue.jobs.first { return (job, []) }
                guard queue.closing else { return (nil, []) }
                defer { queue.idle = [] }
                return (nil, queue.idle)
            }
            guard let job = next.0 else {
                if !next.1.isEmpty {
                    if dropped > 0 {
                        logger.error("state file: changes not stored at stop; the next start works them out again from the states stored before",
                                     ["writes": "\(dropped)"])
                    }
                    // Closed before the evaluator hears it is done, so before the process can exit.
                    file.close()
                    next.1.forEach { $0.resume() }
                    return
                }
                signal.wait()
                continue
            }
            if dropped > 0, job.writes {
                dropped += 1
            } else if !perform(job), job.writes {
                dropped += 1
            }
            queue.withLock { _ = $0.jobs.removeFirst() }
        }
    }

    /// Runs `job` until it succeeds; when closing, a failing job is tried once more, then dropped
    /// (false), and every write after it with it (see `dropped`).
    private func perform(_ job: Job) -> Bool {
        var attempt = 0
        while true {
            attempt += 1
            do {
                try run(job)
                health.succeeded(Self.part, at: ProcessClock.live.now())
                return true
            } catch {
                health.failed(Self.part, error, at: ProcessClock.live.now(), ["retry_in": Self.retryDelay.wholeSecondsText])
                if queue.withLock({ $0.closing }) && attempt >= 2 { return false }
                sleep(Self.retryDelay)
            }
        }
    }

    private func run(_ job: Job) throws {
        switch job {
        case .commit(let changes, let headlines, let now):
            try file.use { try $0.commit(changes, headlines: headlines, at: now) }
            // Rung before the log lines are written: they are not on the way to the receivers.
            bells.ring(Set(changes.flatMap { $0.notification?.channels ?? [] }))
            for change in changes {
                guard let notification = change.notification else { continue }
                logger.info("notification queued", ["rule": notification.rule, "status": notification.status.rawValue,
                                                    "value": DisplayNumber.format(notification.value),
                                                    "channels": notification.channels.joined(separator: ","), "id": notification.id])
            }
        case .flush(let flush):
            try file.use { try flush.save(to: $0) }
        case .read(let body):
            try file.use { body($0) }
        }
    }

    /// Waits `span` on this thread; new work does not cut a retry delay short.
    private func sleep(_ span: TimeSpan) {
        let deadline = span.fromNow
        while signal.wait(timeout: deadline) == .success {}
        // Every signal consumed while sleeping stood for a job that is still queued.
        signal.signal()
    }
}
