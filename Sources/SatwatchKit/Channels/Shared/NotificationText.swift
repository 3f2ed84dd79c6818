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

    /// Name/value pairs: metric, value, threshold, since (and resolved at / reminder), the rule's
    /// labels, and the id a reader can quote.
    static func facts(_ notification: Notification) -> [(String, String)] {
        var facts = [("Metric", notification.metric), ("Value", DisplayNumber.format(notification.value)),
                     ("Threshold", DisplayNumber.format(notification.threshold)),
                     ("Since", notification.startsAt.rfc3339)]
        if notification.status == .resolved {
            facts.append(("Resolved", notification.at.rfc3339))
        } else if notification.isReminder {
            facts.append(("Still firing at", notification.at.rfc3339))
        }
        facts += notification.labels.map { ($0.name, $0.value) }
        facts.append(("ID", notification.id))
        return facts
    }

    /// `btc.usd 100500 (threshold 100000), since 2025-12-10T14:02:00Z`: one line for chats.
    static func summaryLine(_ notification: Notification) -> String {
        "\(notification.metric) \(DisplayNumber.format(notification.value)) "
            + "(threshold \(DisplayNumber.format(notification.threshold))), since \(notification.startsAt.rfc3339)"
    }

    /// Headline and summary line: the text of chat messages.
    static func chat(_ notification: Notification) -> String {
        "\(headline(notification))\n\(summaryLine(notification))"
    }
}
