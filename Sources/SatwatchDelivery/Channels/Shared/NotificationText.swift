import SatwatchBase
import SatwatchRules
import SatwatchState

/// The human-readable pieces every chat and mail channel shows, so all of them word an alert
/// the same way.
enum NotificationText {
    /// `[FIRING]` or `[RESOLVED]`.
    static func tag(_ notification: Notification) -> String {
        "[\(notification.status.rawValue.uppercased())]"
    }

    /// `[FIRING] btc-above-100k`.
    static func title(_ notification: Notification) -> String {
        "\(tag(notification)) \(notification.rule)"
    }

    /// `[FIRING] btc-above-100k: BTC is 100500 USD, above 100000`.
    static func headline(_ notification: Notification) -> String {
        "\(title(notification)): \(notification.message)"
    }

    /// Name/value pairs: metric, value, threshold, a line per other value the condition involved,
    /// since (and resolved at / reminder), the rule's labels, and the id a reader can quote.
    static func facts(_ notification: Notification) -> [(String, String)] {
        var facts = [("Metric", notification.metric)]
        if notification.value.isFinite { facts.append(("Value", DisplayNumber.format(notification.value))) }
        if notification.threshold.isFinite { facts.append(("Threshold", DisplayNumber.format(notification.threshold))) }
        facts += otherValues(notification).map { ($0.name, DisplayNumber.format($0.value)) }
        facts.append(("Since", notification.startsAt.rfc3339))
        if notification.status == .resolved {
            facts.append(("Resolved", notification.at.rfc3339))
        } else if notification.isReminder {
            facts.append(("Still firing at", notification.at.rfc3339))
        }
        facts += notification.labels.map { ($0.name, $0.value) }
        facts.append(("ID", notification.id))
        return facts
    }

    /// `btc.usd 100500 (threshold 100000), since 2025-12-10T14:02:00Z`: one line for chats;
    /// with more values involved, each on a line of its own (`sma(btc.usd, 200d) = 85000`).
    static func summaryLine(_ notification: Notification) -> String {
        var line = notification.metric
        if notification.value.isFinite { line += " \(DisplayNumber.format(notification.value))" }
        if notification.threshold.isFinite { line += " (threshold \(DisplayNumber.format(notification.threshold)))" }
        line += ", since \(notification.startsAt.rfc3339)"
        return ([line] + otherValues(notification).map { "\($0.name) = \(DisplayNumber.format($0.value))" })
            .joined(separator: "\n")
    }

    /// The values the condition involved besides the metric's own value, which has its line.
    static func otherValues(_ notification: Notification) -> [ObservedValue] {
        notification.values.filter { !($0.name == notification.metric && $0.value == notification.value) }
    }

    /// Headline and summary line, and the silence link when there is one: the text of chat
    /// messages.
    static func chat(_ notification: Notification, _ extras: NotificationExtras = NotificationExtras()) -> String {
        "\(headline(notification))\n\(summaryLine(notification))" + (silenceLine(extras).map { "\n" + $0 } ?? "")
    }

    /// `Silence 1h: https://…`, when the delivery made a link.
    static func silenceLine(_ extras: NotificationExtras) -> String? {
        extras.silenceURL.map { "Silence 1h: \($0)" }
    }
}
