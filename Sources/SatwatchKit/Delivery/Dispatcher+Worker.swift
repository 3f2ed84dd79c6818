extension Dispatcher {
    /// Longest sleep with nothing to do; a safety net in case a ring is missed.
    static let idleWait = TimeSpan.seconds(30)

    /// Delivers `channel`'s entries in order until cancelled.
    ///
    /// When the state file fails (disk full, read-only, damaged), the worker backs off on the
    /// retry schedule of a failed delivery, and an outcome it could not record is kept and
    /// recorded first once the file works again: the entry is never sent again meanwhile.
    func work(channel: any Channel, bell: Doorbell) async {
        let part = "deliveries to \(channel.name)"
        var unrecorded: (DeliveryRecord, OutboxEntry)?
        var storeFailures = 0
        while !Task.isCancelled {
            do {
                if let (record, entry) = unrecorded {
                    try await store.record(record, for: entry)
                    unrecorded = nil
                    storeHealth.succeeded(part, at: clock())
                }
                let head = try await store.head(of: channel.name)
                storeFailures = 0
                storeHealth.succeeded(part, at: clock())
                guard let entry = head else {
                    await bell.wait(for: Self.idleWait)
                    continue
                }
                let now = clock()
                if entry.nextAttemptAt > now {
                    await bell.wait(for: min(entry.nextAttemptAt - now, Self.idleWait))
                    continue
                }
                let stagesSaid: DeliveryRecord?
                do {
                    stagesSaid = try await passStages(entry, channel: channel.name, now: now)
                } catch let wait as StageWait {
                    // A rate limit: nothing to record; the entry stays the head and goes at its turn.
                    await bell.wait(for: wait.until - now)
                    continue
                }
                guard gate.enter(entry.id) else {
                    // Stopping: no new attempt; wait for the cancellation that follows.
                    try? await Task.sleep(for: .seconds(3600))
                    continue
                }
                defer { gate.leave(entry.id) }
                let record: DeliveryRecord
                if let kept = stagesSaid {
                    record = kept
                } else {
                    record = await attempt(entry, through: channel, now: now)
                }
                unrecorded = (record, entry)
                try await store.record(record, for: entry)
                unrecorded = nil
            } catch {
                storeFailures += 1
                let delay = policy.delay(afterAttempts: storeFailures, retryAfter: nil, random: random)
                storeHealth.failed(part, error, at: clock(), ["channel": channel.name, "retry_in": delay.text])
                // Not the doorbell: new commits must not cut the back-off short.
                try? await Task.sleep(for: delay.duration)
            }
        }
    }

    /// Runs `entry` through the stages: the record of the first that keeps it from the channel,
    /// counted and logged once, or nil to send it.
    func passStages(_ entry: OutboxEntry, channel: String, now: Timestamp) async throws -> DeliveryRecord? {
        let fields: LogFields = ["channel": channel, "rule": entry.notification.rule,
                                 "status": entry.notification.status.rawValue, "id": entry.notification.id]
        for stage in stages {
            switch try await stage.decide(entry, channel: channel, at: now) {
            case .pass: continue
            case .silence(let reason):
                counters.record(channel) { $0.silenced += 1 }
                logger.info("delivery silenced", LogFields(fields.pairs + [("reason", reason)]))
                return .silenced(reason: reason, at: now)
            case .mute(let reason):
                counters.record(channel) { $0.muted += 1 }
                logger.info("delivery muted", LogFields(fields.pairs + [("reason", reason)]))
                return .muted(reason: reason, at: now)
            case .hold(let until):
                // Logged once per hold: a later check inside the same window finds it held already.
                if entry.heldUntil != until { logger.info("delivery held", LogFields(fields.pairs + [("until", until.rfc3339)])) }
                return .held(until: until, at: now)
            case .wait(let until):
                throw StageWait(until: until)
            }
        }
        return nil
    }

    /// One delivery attempt: what it concluded, counted and logged once.
    func attempt(_ entry: OutboxEntry, through channel: any Channel, now: Timestamp) async -> DeliveryRecord {
        let notification = entry.notification
        let fields: LogFields = ["channel": channel.name, "rule": notification.rule,
                                 "status": notification.status.rawValue, "id": notification.id]
        if policy.isExpired(created: entry.ageStart, now: now) {
            let reason = policy.expiryReason(lastError: entry.lastError)
            counters.record(channel.name) { $0.dead += 1 }
            logger.error("delivery dead", LogFields(fields.pairs + [("reason", reason)]))
            return .dead(reason: reason, at: now)
        }
        switch await channel.deliver(notification) {
        case .delivered:
            counters.record(channel.name) { $0.sent += 1 }
            logger.info("delivered", LogFields(fields.pairs + [("attempts", "\(entry.attempts + 1)")]))
            return .sent(at: clock())
        case .failed(let failure) where failure.retryable:
            let attempts = entry.attempts + 1
            let delay = policy.delay(afterAttempts: attempts, retryAfter: failure.retryAfter, random: random)
            // Counted from when the answer arrived, not from when the attempt began: a slow
            // 429 must not shorten the receiver's Retry-After.
            let answered = clock()
            counters.record(channel.name) { $0.failed += 1 }
            logger.warn("delivery failed, will retry", LogFields(fields.pairs + [
                ("attempt", "\(attempts)"), ("retry_in", delay.text), ("error", failure.reason)]))
            return .retry(attempts: attempts, next: answered + delay, error: failure.reason, at: answered)
        case .failed(let failure):
            counters.record(channel.name) { $0.failed += 1; $0.dead += 1 }
            logger.error("delivery dead", LogFields(fields.pairs + [("reason", failure.reason)]))
            return .dead(reason: failure.reason, at: clock())
        }
    }
}
