import SatwatchBase
import SatwatchState

extension Dispatcher {
    /// Longest sleep with nothing to do; a safety net in case a ring is missed.
    static let idleWait = TimeSpan.seconds(30)

    /// Delivers `channel`'s entries in order until cancelled, one message at a time: the head
    /// alone, or the group it leads.
    ///
    /// When the state file fails (disk full, read-only, damaged), the worker backs off on the
    /// retry schedule of a failed delivery, and an outcome it could not record is kept and
    /// recorded first once the file works again: the message is never sent again meanwhile.
    func work(channel: any Channel, bell: Doorbell) async {
        let part = "deliveries to \(channel.name)"
        var unrecorded: (DeliveryRecord, [OutboxEntry])?
        var storeFailures = 0
        while !Task.isCancelled {
            do {
                if let (record, entries) = unrecorded {
                    try await store.record(record, for: entries)
                    unrecorded = nil
                    storeHealth.succeeded(part, at: clock())
                }
                let head = try await store.head(of: channel.name)
                storeFailures = 0
                storeHealth.succeeded(part, at: clock())
                guard let head else {
                    await bell.wait(for: Self.idleWait)
                    continue
                }
                let now = clock()
                if head.nextAttemptAt > now {
                    await bell.wait(for: min(head.nextAttemptAt - now, Self.idleWait))
                    continue
                }
                let message: [OutboxEntry]
                do {
                    message = try await nextMessage(from: head, channel: channel, now: now)
                    if !message.isEmpty, let slot = pacing.admit(channel.name, at: now) { throw StageWait(until: slot) }
                } catch let wait as StageWait {
                    // Gathering or paced: nothing to record; the head goes at its turn.
                    await bell.wait(for: wait.until - now)
                    continue
                }
                // Every entry was kept from the channel (and recorded so): on to the next.
                if message.isEmpty { continue }
                let ids = message.map(\.id)
                guard gate.enter(ids) else {
                    // Stopping: no new attempt; wait for the cancellation that follows.
                    try? await Task.sleep(for: .seconds(3600))
                    continue
                }
                defer { gate.leave(ids) }
                let record = await attempt(message, through: channel, now: now)
                unrecorded = (record, message)
                try await store.record(record, for: message)
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

    /// The entries `channel`'s next message carries, each past the stages; empty when the
    /// stages kept all of them from it. A formed group (a batch) goes again as it was; on a
    /// grouping channel a new group forms once due (`StageWait` until then); otherwise the head
    /// goes alone.
    func nextMessage(from head: OutboxEntry, channel: any Channel, now: Timestamp) async throws -> [OutboxEntry] {
        if let batch = head.batch {
            return try await passing(try await store.batchMembers(batch), channel: channel.name, now: now)
        }
        guard let timing = grouping.timing(for: channel.name) else {
            return try await passing([head], channel: channel.name, now: now)
        }
        let due = grouping.due(head, channel: channel.name, timing: timing)
        if due > now { throw StageWait(until: due) }
        let candidates = try await store.groupCandidates(channel: channel.name, dueBy: now, limit: GroupStage.maxMembers)
        let members = try await passing(candidates, channel: channel.name, now: now)
        grouping.didForm(on: channel.name, at: now, full: candidates.count == GroupStage.maxMembers)
        guard !members.isEmpty else { return [] }
        try await store.formBatches([members.map(\.id)])
        return members
    }

    /// The entries of `entries` the stages let through, in order; those they keep from the
    /// channel are recorded so, in one transaction. A held entry ends the run: those behind it
    /// wait with it.
    func passing(_ entries: [OutboxEntry], channel: String, now: Timestamp) async throws -> [OutboxEntry] {
        var through: [OutboxEntry] = []
        var kept: [(DeliveryRecord, OutboxEntry)] = []
        for entry in entries {
            guard let record = try await passStages(entry, channel: channel, now: now) else {
                through.append(entry)
                continue
            }
            kept.append((record, entry))
            if case .held = record { break }
        }
        try await store.record(kept)
        return through
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
            }
        }
        return nil
    }
}
