import Dispatch
import SatwatchBase
import SatwatchState

extension Dispatcher {
    /// The most notifications a message may have for their silence links to be signed on the
    /// worker's own task rather than on the render queue.
    static let linksSignedInline = 8

    /// One delivery attempt of a message (`entries`: one, or a group's members): what it
    /// concluded for all of them, counted per notification and logged once, and whether a
    /// failure concerns the receiver (then the whole channel waits) rather than this message.
    func attempt(_ entries: [OutboxEntry], through channel: any Channel,
                 now: Timestamp) async -> (record: DeliveryRecord, concernsReceiver: Bool) {
        let head = entries[0]
        var group = NotificationGroup(entries.map(\.notification))
        group.sentAt = now
        let fields = logFields(group, channel: channel.name)
        let count = entries.count
        if let extras {
            // Made only for a message that goes out. One chart per message: a group lists many
            // alerts, its members go without. A chart, or a large group's links, are made on
            // the work pool's threads; a few links (a signature each, microseconds) are made
            // here, since the hop there and back would cost the message more than signing them.
            // A work pool too busy to take it sends the message without its chart.
            let chart = channel.attachesChart && entries.count == 1
            let notifications = group.notifications
            if chart || notifications.count > Self.linksSignedInline {
                let made = try? await WorkerPools.work.run { notifications.map { extras.extras(for: $0, chart: chart) } }
                group.extras = made ?? notifications.map { extras.extras(for: $0, chart: false) }
            } else {
                group.extras = notifications.map { extras.extras(for: $0, chart: false) }
            }
            group.externalURL = extras.externalURL
        }
        switch await channel.deliver(group.labelled(by: processClock.offset)) {
        case .delivered:
            counters.record(channel.name) { $0.sent += count }
            logger.info("delivered", LogFields(fields.pairs + [("attempts", "\(head.attempts + 1)")]))
            return (.sent(at: clock()), false)
        case .failed(let failure) where failure.retryable:
            let attempts = head.attempts + 1
            let delay = policy.delay(afterAttempts: attempts, retryAfter: failure.retryAfter, random: random)
            // Counted from when the answer arrived, not from when the attempt began: a slow
            // 429 must not shorten the receiver's Retry-After.
            let answered = clock()
            counters.record(channel.name) { $0.failed += count }
            logger.warn("delivery failed, will retry", LogFields(fields.pairs + [
                ("attempt", "\(attempts)"), ("retry_in", delay.wholeSecondsText), ("error", failure.reason)]))
            return (.retry(attempts: attempts, next: answered + delay, error: failure.reason, at: answered),
                    failure.concernsReceiver)
        case .failed(let failure):
            counters.record(channel.name) { $0.failed += count; $0.dead += count }
            logger.error("delivery dead", LogFields(fields.pairs + [("reason", failure.reason)]))
            return (.dead(reason: failure.reason, at: clock()), false)
        }
    }

    /// A lone notification's rule, status and id; a group's size, status, id and rules (the
    /// first few: a burst's log line stays a line).
    private func logFields(_ group: NotificationGroup, channel: String) -> LogFields {
        if let single = group.single {
            return ["channel": channel, "rule": single.rule, "status": single.status.rawValue, "id": single.id]
        }
        let rules = group.notifications.prefix(5).map(\.rule).joined(separator: ",")
            + (group.notifications.count > 5 ? ",…" : "")
        return LogFields([("channel", channel), ("alerts", "\(group.notifications.count)"), ("status", group.status.rawValue),
                          ("id", group.id), ("rules", rules)])
    }
}
