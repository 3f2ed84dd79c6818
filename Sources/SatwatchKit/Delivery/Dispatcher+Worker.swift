extension Dispatcher {
    /// Longest sleep with nothing to do; a safety net in case a ring is missed.
    static let idleWait = TimeSpan.seconds(30)

    /// Delivers `channel`'s entries in order until cancelled.
    func work(channel: any Channel, bell: Doorbell) async {
        while !Task.isCancelled {
            let entry: OutboxEntry?
            do {
                entry = try await store.head(of: channel.name)
            } catch {
                logger.error("outbox read failed", ["channel": channel.name, "error": "\(error)"])
                await bell.wait(for: .seconds(5))
                continue
            }
            guard let entry else {
                await bell.wait(for: Self.idleWait)
                continue
            }
            let now = clock()
            if entry.nextAttemptAt > now {
                await bell.wait(for: min(entry.nextAttemptAt - now, Self.idleWait))
                continue
            }
            await attempt(entry, through: channel, now: now)
        }
    }

    /// One delivery attempt and its bookkeeping.
    func attempt(_ entry: OutboxEntry, through channel: any Channel, now: Timestamp) async {
        let notification = entry.notification
        let fields: LogFields = ["channel": channel.name, "rule": notification.rule,
                                 "status": notification.status.rawValue, "id": notification.id]
        do {
            if policy.isExpired(created: entry.createdAt, now: now) {
                let reason = policy.expiryReason(lastError: entry.lastError)
                try await store.markDead(entry, at: now, reason: reason)
                counters.record(channel.name) { $0.dead += 1 }
                logger.error("delivery dead", LogFields(fields.pairs + [("reason", reason)]))
                return
            }
            switch await channel.deliver(notification) {
            case .delivered:
                try await store.markSent(entry, at: clock())
                counters.record(channel.name) { $0.sent += 1 }
                logger.info("delivered", LogFields(fields.pairs + [("attempts", "\(entry.attempts + 1)")]))
            case .failed(let failure) where failure.retryable:
                let attempts = entry.attempts + 1
                let delay = policy.delay(afterAttempts: attempts, retryAfter: failure.retryAfter, random: random)
                // Counted from when the answer arrived, not from when the attempt began: a slow
                // 429 must not shorten the receiver's Retry-After.
                let answered = clock()
                try await store.markRetry(entry, attempts: attempts, next: answered + delay, error: failure.reason, at: answered)
                counters.record(channel.name) { $0.failed += 1 }
                logger.warn("delivery failed, will retry", LogFields(fields.pairs + [
                    ("attempt", "\(attempts)"), ("retry_in", delay.text), ("error", failure.reason)]))
            case .failed(let failure):
                try await store.markDead(entry, at: clock(), reason: failure.reason)
                counters.record(channel.name) { $0.failed += 1; $0.dead += 1 }
                logger.error("delivery dead", LogFields(fields.pairs + [("reason", failure.reason)]))
            }
        } catch {
            logger.error("outbox write failed", LogFields(fields.pairs + [("error", "\(error)")]))
        }
    }
}
