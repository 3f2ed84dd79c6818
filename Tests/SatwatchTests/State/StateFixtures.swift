@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState


/// Builders shared by the state store tests.
enum StateFixtures {
    /// Milliseconds → timestamp, to keep tables short.
    static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: milliseconds) }

    /// A notification with every field set; `id` is overridden so tests prove the stored id is
    /// restored rather than re-derived.
    static func notification(_ id: String, rule: String = "btc-above-100k", status: Notification.Status = .firing,
                             at: Int64 = 1_000, channels: [String] = ["mail", "hook"],
                             labels: [Label] = [Label("severity", "page")]) -> Notification {
        var notification = Notification(rule: rule, status: status, isReminder: false, metric: "btc.usd",
                                        value: 100_500.25, threshold: 100_000, at: Timestamp(milliseconds: at),
                                        startsAt: Timestamp(milliseconds: at), message: "BTC above 100k",
                                        labels: labels, channels: channels)
        notification.id = id
        return notification
    }

    /// A change of `rule` to firing at `at`, carrying `notification`.
    static func change(_ rule: String, notification: Notification?, at: Int64 = 1_000) -> RuleChange {
        let state = RuleState(status: .firing, activeSince: Timestamp(milliseconds: at),
                              firedAt: Timestamp(milliseconds: at), lastNotifiedAt: Timestamp(milliseconds: at),
                              lastValue: 100_500, lastObservedAt: Timestamp(milliseconds: at), digest: "digest-\(rule)")
        return RuleChange(rule: rule, state: state, notification: notification)
    }

    /// Commits one notification as its own change and returns the ids of its outbox rows,
    /// keyed by channel.
    @discardableResult
    static func enqueue(_ notification: Notification, in store: StateStore, at: Int64) throws -> [String: Int64] {
        try store.commit([change(notification.rule, notification: notification, at: at)], at: Timestamp(milliseconds: at))
        var ids: [String: Int64] = [:]
        for entry in try store.outbox.entries(states: [.pending, .sent, .dead], limit: 1_000)
        where entry.notification.id == notification.id {
            ids[entry.channel] = entry.id
        }
        return ids
    }
}
