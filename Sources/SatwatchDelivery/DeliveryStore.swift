import BlockingPool
import SatwatchBase
import SatwatchState

/// The dispatcher's side of the state file, serialising its database work while the channels
/// deliver concurrently. It shares the worker's connection (`StateFile`) with the evaluator's
/// writer, one step at a time. Its work runs in a lane on a pool (the dispatcher's own, whose
/// threads serve its state-file connections), never on the cooperative pool: a step may wait
/// for the writer's, and opening the file may migrate it (a VACUUM, once).
/// The file is opened on first use; until it opens, each use fails like any other.
actor DeliveryStore {
    private let file: StateFile
    /// The store while a step has the file (a step within a step uses it).
    private var holding: StateStore?
    private let lane: BlockingPool.Lane

    /// The state file's path.
    nonisolated var path: String { file.path }

    nonisolated var unownedExecutor: UnownedSerialExecutor { lane.asUnownedSerialExecutor() }

    /// The store's lane, for the tasks that take turns at it (the channels' workers): their own
    /// code then runs there between turns, and a turn starts on the thread already running.
    nonisolated var queue: any TaskExecutor { lane }

    init(file: StateFile, pool: BlockingPool = WorkerPools.stateFile) {
        self.file = file
        lane = BlockingPool.Lane(on: pool)
    }

    /// Runs `body` as one step with the file (within the step already running, if any).
    private func withStore<Result: Sendable>(_ body: (StateStore) throws -> Result) throws -> Result {
        if let holding { return try body(holding) }
        return try file.use { store in
            holding = store
            defer { holding = nil }
            return try body(store)
        }
    }

    /// Closes the connection now (a later use opens it again).
    func close() { file.close() }

    /// What one pass over a channel's queue found.
    enum PassResult: Sendable {
        /// Nothing may go now; something is next due then (nil: nothing is pending).
        case idle(nextDue: Timestamp?)
        /// The due entries, sorted by the stages.
        case sorted(StagePass)
    }

    /// One pass over `channel`'s queue, in one step of the store (a pass is on the alert path,
    /// and each step is two thread hops): the entries that may go now (at most `limit`; a formed
    /// group that waits for its retry goes again as it was, before anything newer), through
    /// `stages`, with what they held and kept recorded in one transaction, and a group they
    /// formed fixed in the outbox. When nothing is due, when something next is.
    func pass(of channel: String, now: Timestamp, wallOffset: TimeSpan = .zero, limit: Int,
              through stages: [any DeliveryStage]) throws -> PassResult {
        try withStore { store in
            var due = try store.outbox.deliverable(channel: channel, now: now, limit: limit)
            if let batch = due.first(where: { $0.batch != nil })?.batch { due = try store.outbox.batchMembers(batch) }
            guard !due.isEmpty else { return .idle(nextDue: try store.outbox.nextDue(channel: channel)) }
            let pass = try Self.apply(stages, to: StagePass(channel: channel, now: now, wallOffset: wallOffset, entries: due), state: store)
            try record(pass.records)
            if pass.formsGroup, pass.channelWait == nil, !pass.entries.isEmpty {
                try store.outbox.formBatches([pass.entries.map(\.id)])
            }
            return .sorted(pass)
        }
    }

    /// Runs `stages` over `pass` in order, until one makes the channel wait or nothing is left.
    private static func apply(_ stages: [any DeliveryStage], to pass: StagePass, state: StateStore) throws -> StagePass {
        var pass = pass
        for stage in stages {
            try stage.apply(to: &pass, state: state)
            if pass.channelWait != nil || pass.entries.isEmpty { break }
        }
        return pass
    }

    /// What the receivers of the channel with `queues` heard last of each alert, worth telling
    /// again (see `OutboxStore.latestHeard`).
    func latestHeard(queues: [String], resolvedSince: Timestamp, alerts: Set<String>?) throws -> [OutboxEntry] {
        try withStore { try $0.outbox.latestHeard(queues: queues, resolvedSince: resolvedSince, alerts: alerts) }
    }

    /// The oldest pending entry of `channel`.
    func head(of channel: String) throws -> OutboxEntry? {
        try withStore { try $0.outbox.nextPendingEntry(channel: channel) }
    }

    /// Channels that have pending entries.
    func channelsWithPending() throws -> Set<String> {
        try withStore { Set(try $0.outbox.counts().filter { $0.value.pending > 0 }.keys) }
    }

    /// Writes what an attempt concluded about a message's entries, in one transaction.
    func record(_ record: DeliveryRecord, for entries: [OutboxEntry]) throws {
        try self.record(entries.map { (record, $0) })
    }

    /// Writes each entry's own record, in one transaction (the entries stages kept from a group).
    func record(_ records: [(DeliveryRecord, OutboxEntry)]) throws {
        guard !records.isEmpty else { return }
        try withStore { store in
            try store.inTransaction {
                for (record, entry) in records { try Self.record(record, for: entry, in: store) }
            }
        }
    }

    /// Writes what an attempt concluded about `entry`.
    private static func record(_ record: DeliveryRecord, for entry: OutboxEntry, in store: StateStore) throws {
        switch record {
        case .sent(let at): _ = try store.outbox.markSent(id: entry.id, at: at)
        case .retry(let attempts, let next, let error, let at):
            _ = try store.outbox.markRetry(id: entry.id, attempts: attempts, nextAttemptAt: next, error: error, at: at)
        case .dead(let reason, let at): _ = try store.outbox.markDead(id: entry.id, at: at, reason: reason)
        case .kept(let state, let reason, let at): _ = try store.outbox.markKept(id: entry.id, as: state, at: at, reason: reason)
        case .held(let until, let kind, let at): _ = try store.outbox.markHeld(id: entry.id, until: until, kind: kind, at: at)
        }
    }

    /// Lets `extras` read what it needs from the state file.
    func prepare(_ extras: any NotificationExtrasSource) throws { try withStore { try extras.prepare($0) } }

    /// Copies the write-ahead log into the database, emptying it once a burst has made it long
    /// (see `StoreMaintenance.checkpointBounded`): the other connections' commits wait at most
    /// `checkpointWait` for that.
    func checkpoint() throws { _ = try withStore { try $0.maintenance.checkpointBounded(waitingUpTo: Self.checkpointWait) } }

    /// Whether a burst has made the log long (`StoreMaintenance.logIsLong`), asked on this
    /// store's queue: a `stat` is a system call, kept off the cooperative pool.
    func logIsLong() -> Bool { StoreMaintenance.logIsLong(databasePath: path) }

    /// How long an emptying checkpoint waits for the other connections (and holds their commits).
    static let checkpointWait = Duration.milliseconds(250)

    /// Marks dead every pending entry older than the policy's max age, head of its queue or not,
    /// except those in flight at `gate` (their own outcome decides). The gate is read here, in
    /// the same serial step as the update.
    func expire(_ policy: RetryPolicy, at now: Timestamp, sparing gate: DrainGate) throws -> [OutboxEntry] {
        try withStore { store in
            try store.outbox.expirePending(createdBefore: now - policy.maxAge, at: now, sparing: gate.inFlight) {
                policy.expiryReason(lastError: $0.lastError)
            }
        }
    }

    /// Prunes finished deliveries older than `retention` (but the newest firing of an alert in
    /// `alerts` that still fires, on a queue in `restating`, which tells it again) and gives the
    /// free pages back; returns the notifications removed.
    func prune(olderThan retention: TimeSpan, restating: [String], alerts: Set<String>?, at now: Timestamp) throws -> Int {
        try withStore { store in
            let removed = try store.maintenance.prune(olderThan: now - retention, restating: restating, alerts: alerts)
            try store.maintenance.returnFreePages()
            return removed
        }
    }

    /// When the newest pending entry was queued (epoch when none is pending).
    func latestQueuedAt() throws -> Timestamp {
        try withStore { try $0.outbox.latestPendingCreation() ?? .epoch }
    }
}
