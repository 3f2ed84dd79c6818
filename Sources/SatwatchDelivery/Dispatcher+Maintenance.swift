import SatwatchBase

extension Dispatcher {
    /// How often maintenance looks for entries another process put back in the queue.
    static let maintenanceTick = TimeSpan.seconds(2)
    /// How often pending entries past the max age are marked dead: at most this late.
    static let expiryEvery = TimeSpan.minutes(1)
    /// How often finished entries past the retention are pruned (also once at start).
    static let pruneEvery = TimeSpan.hours(1)
    /// How soon an expiry or a prune that failed (a full disk, a read-only file) is tried again:
    /// the part stays failing on `/healthz` until it has, so soon after the file is mended.
    static let failedRetry = TimeSpan.seconds(10)

    /// The dispatcher's housekeeping, one loop on the injected clock: expire, prune, and wake
    /// the channel workers when `satwatch retry` (another process) queued entries again, so
    /// they pick them up within seconds rather than after their idle wait.
    ///
    /// Its queries go through the delivery store, like the channel workers' own; failures go
    /// to the store health board.
    func maintain() async {
        var lastExpiry: Timestamp?
        var lastPrune: Timestamp?
        // The newest pending entry's creation time seen so far; from the epoch, so that the first
        // look rings for anything pending: another process may have queued it after a worker's
        // first pass, which then waits its idle 30 s.
        var queued = Timestamp.epoch
        while !Task.isCancelled {
            let now = clock()
            if lastExpiry.map({ now - $0 >= Self.expiryEvery }) ?? true {
                lastExpiry = await expireOverdue(at: now) ? now : now - Self.expiryEvery + Self.failedRetry
            }
            if lastPrune.map({ now - $0 >= Self.pruneEvery }) ?? true {
                lastPrune = await pruneFinished(at: now) ? now : now - Self.pruneEvery + Self.failedRetry
            }
            // A retried entry is queued anew (created now), so the newest pending creation time
            // moves on however many entries were delivered meanwhile. Errors here are left to
            // the channel workers, whose own reads report them.
            if let latest = try? await store.latestQueuedAt() {
                if latest > queued { bells.ringAll() }
                queued = max(latest, queued)
            }
            try? await Task.sleep(for: Self.maintenanceTick.duration)
        }
    }

    /// Marks dead every pending entry past the max age, not only channel heads: an entry behind
    /// a head that waits out a long back-off dies on time too. Logged and counted once each.
    /// False when the file failed.
    private func expireOverdue(at now: Timestamp) async -> Bool {
        do {
            for entry in try await store.expire(policy, at: now, sparing: gate) {
                counters.record(entry.channel) { $0.dead += 1 }
                logger.error("delivery dead", ["channel": entry.channel, "rule": entry.notification.rule,
                                               "status": entry.notification.status.rawValue, "id": entry.notification.id,
                                               "reason": policy.expiryReason(lastError: entry.lastError)])
                bells.ring([entry.channel])
            }
            storeHealth.succeeded("expiring overdue deliveries", at: now)
            return true
        } catch {
            storeHealth.failed("expiring overdue deliveries", error, at: now)
            return false
        }
    }

    /// Deletes sent and dead entries older than the retention, with their notifications, and
    /// gives the freed pages back to the file system. False when the file failed.
    private func pruneFinished(at now: Timestamp) async -> Bool {
        do {
            let restating = Set(channels.values.compactMap { $0 as? any RestatingChannel }.flatMap(\.restatedFrom)).sorted()
            let removed = try await store.prune(olderThan: retention, restating: restating, alerts: alerts, at: now)
            if removed > 0 { logger.info("pruned state", ["notifications": "\(removed)", "older_than": retention.text]) }
            storeHealth.succeeded("pruning", at: now)
            return true
        } catch {
            storeHealth.failed("pruning", error, at: now)
            return false
        }
    }
}
