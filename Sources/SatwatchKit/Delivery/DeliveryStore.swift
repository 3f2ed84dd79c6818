/// The dispatcher's own connection to the state file, serialising its database work while the
/// channels deliver concurrently. The evaluator writes through another connection; WAL lets both
/// work at once.
actor DeliveryStore {
    private let store: StateStore

    init(path: String) throws { store = try StateStore.open(path: path) }

    /// The oldest pending entry of `channel` (delivery is in order per channel).
    func head(of channel: String) throws -> OutboxEntry? { try store.nextPendingEntry(channel: channel) }

    /// Channels that have pending entries.
    func channelsWithPending() throws -> Set<String> {
        Set(try store.outboxCounts().filter { $0.value.pending > 0 }.keys)
    }

    func markSent(_ entry: OutboxEntry, at now: Timestamp) throws { _ = try store.markSent(id: entry.id, at: now) }

    func markRetry(_ entry: OutboxEntry, attempts: Int, next: Timestamp, error: String, at now: Timestamp) throws {
        _ = try store.markRetry(id: entry.id, attempts: attempts, nextAttemptAt: next, error: error, at: now)
    }

    func markDead(_ entry: OutboxEntry, at now: Timestamp, reason: String) throws {
        _ = try store.markDead(id: entry.id, at: now, reason: reason)
    }

    /// Marks dead every pending entry older than the policy's max age, head of its queue or not.
    func expire(_ policy: RetryPolicy, at now: Timestamp) throws -> [OutboxEntry] {
        try store.expirePending(createdBefore: now - policy.maxAge, at: now) { policy.expiryReason(lastError: $0.lastError) }
    }

    /// Prunes finished deliveries older than `retention` and gives the free pages back;
    /// returns the notifications removed.
    func prune(olderThan retention: TimeSpan, at now: Timestamp) throws -> Int {
        let removed = try store.prune(olderThan: now - retention)
        try store.returnFreePages()
        return removed
    }

    /// When the newest pending entry was queued (epoch when none is pending).
    func latestQueuedAt() throws -> Timestamp { try store.latestPendingCreation() ?? .epoch }
}
