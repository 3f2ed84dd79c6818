@testable import SatwatchBase
@testable import SatwatchRules


/// The notifications every payload test sends: a firing alert, its reminder and its resolution.
enum ChannelFixtures {
    static let firedAt = Timestamp(rfc3339: "2025-12-10T14:02:40Z")!
    static let resolvedAt = Timestamp(rfc3339: "2025-12-10T15:10:00Z")!

    /// id 900d6ef1ffc49baf (FNV-1a of `btc-above-100k|1|firing|1765375360000|1765375360000`: the rule's first event).
    static let firing = Notification(
        rule: "btc-above-100k", status: .firing, metric: "btc.usd", value: 100500, threshold: 100000,
        at: firedAt, startsAt: firedAt, sequence: 1, message: "BTC is 100500 USD, above 100000",
        labels: [Label("severity", "page")], channels: ["c"])

    /// id 147ce63c50ff0576 (its second event).
    static let resolved = Notification(
        rule: "btc-above-100k", status: .resolved, metric: "btc.usd", value: 99400, threshold: 100000,
        at: resolvedAt, startsAt: firedAt, sequence: 2, message: "BTC is 99400 USD, no longer above 100000",
        labels: [Label("severity", "page")], channels: ["c"])

    /// The firing notification with another message (size-limit tests).
    static func firing(message: String) -> Notification {
        var notification = firing
        notification.message = message
        return notification
    }
}

extension ChannelFixtures {
    /// A news alert: a headline of coindesk, which has no value to show.
    static let headline = Notification(
        rule: "etf-news", status: .firing, metric: "news.coindesk", value: 1, threshold: .nan,
        at: firedAt, startsAt: firedAt, sequence: 1, message: "coindesk: Spot ETF approved https://news.example/etf",
        channels: ["c"])

    /// The firing notification on another metric and value, with a message that shows nothing else.
    static func firing(metric: String, value: Double, threshold: Double) -> Notification {
        var notification = firing
        (notification.metric, notification.value, notification.threshold) = (metric, value, threshold)
        notification.message = "m"
        return notification
    }
}
