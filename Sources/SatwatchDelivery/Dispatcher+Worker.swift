import SatwatchBase
import SatwatchState

extension Dispatcher {
    /// Longest sleep with nothing to do; a safety net in case a ring is missed.
    static let idleWait = TimeSpan.seconds(30)

    /// Delivers `channel`'s entries until cancelled, one message at a time: the entries that may
    /// go now, through the stages, as one message.
    ///
    /// A failure that concerns the receiver (down, timing out, 5xx, 429) holds the whole channel
    /// until the retry is due; one that concerns the message alone holds its entries' alerts
    /// only. When the state file fails (disk full, read-only, damaged), the worker backs off on
    /// the retry schedule of a failed delivery, and an outcome it could not record is kept and
    /// recorded first once the file works again: the message is never sent again meanwhile.
    func work(channel: any Channel, bell: Doorbell) async {
        let part = "deliveries to \(channel.name)"
        var unrecorded: (DeliveryRecord, [OutboxEntry])?
        var storeFailures = 0
        // When a receiver that is down may be tried again.
        var receiverDownUntil: Timestamp?
        // As many due entries as one message may carry past every stage (the stages are fixed
        // for the dispatcher's life): one a message unless the channel groups.
        let limit = stages.compactMap { $0.messageLimit(on: channel.name) }.min() ?? GroupStage.maxMembers
        while !Task.isCancelled {
            do {
                if let (record, entries) = unrecorded {
                    try await store.record(record, for: entries)
                    unrecorded = nil
                    storeHealth.succeeded(part, at: clock())
                }
                var now = clock()
                if let down = receiverDownUntil, down > now {
                    // Not the doorbell's to cut short: new entries must not hammer a receiver that is down.
                    try? await Task.sleep(for: (down - now).duration)
                    continue
                }
                receiverDownUntil = nil
                let result = try await store.pass(of: channel.name, now: now, wallOffset: processClock.offset, limit: limit,
                                                through: stages)
                storeFailures = 0
                storeHealth.succeeded(part, at: clock())
                let pass: StagePass
                switch result {
                case .idle(let next):
                    await bell.wait(for: next.map { min(max($0 - now, .zero), Self.idleWait) } ?? Self.idleWait)
                    continue
                case .sorted(let sorted):
                    pass = sorted
                }
                report(pass)
                if let wait = pass.channelWait {
                    // Gathering or paced: the entries still going wait their turn, unrecorded.
                    await bell.wait(for: wait.until - now)
                    continue
                }
                let message = pass.entries
                // Every entry was held or kept (and recorded so): on to what is next.
                if message.isEmpty { continue }
                let ids = message.map(\.id)
                guard gate.enter(ids) else {
                    // Stopping: no new attempt; wait for the cancellation that follows.
                    try? await Task.sleep(for: .seconds(3600))
                    continue
                }
                defer { gate.leave(ids) }
                now = clock()
                for stage in stages { stage.sending(message, on: channel.name, at: now) }
                let (record, concernsReceiver) = await attempt(message, through: channel, now: now)
                if case .retry(_, let next, _, _) = record, concernsReceiver { receiverDownUntil = next }
                unrecorded = (record, message)
                try await store.record(record, for: message)
                unrecorded = nil
            } catch {
                storeFailures += 1
                let delay = policy.delay(afterAttempts: storeFailures, retryAfter: nil, random: random)
                storeHealth.failed(part, error, at: clock(), ["channel": channel.name, "retry_in": delay.wholeSecondsText])
                // Not the doorbell: new commits must not cut the back-off short.
                try? await Task.sleep(for: delay.duration)
            }
        }
    }

    /// Counts and logs, once each, what the stages of `pass` held and kept (the store recorded it).
    private func report(_ pass: StagePass) {
        for (entry, hold) in pass.newHolds {
            logger.info("delivery held", LogFields(Self.fields(entry, pass.channel).pairs
                + [("until", processClock.wall(at: hold.until).rfc3339), ("reason", hold.reason)]))
        }
        for (entry, keep) in pass.kept {
            counters.record(pass.channel) { totals in
                if keep.state == .dead { totals.dead += 1 } else { totals.kept[keep.state.rawValue, default: 0] += 1 }
            }
            let fields = LogFields(Self.fields(entry, pass.channel).pairs + [("reason", keep.reason)])
            if keep.state == .dead { logger.error("delivery dead", fields) } else { logger.info("delivery \(keep.state)", fields) }
        }
    }

    /// An entry's channel, rule, status and notification id, for its log lines.
    static func fields(_ entry: OutboxEntry, _ channel: String) -> LogFields {
        ["channel": channel, "rule": entry.notification.rule, "status": entry.notification.status.rawValue,
         "id": entry.notification.id]
    }
}
