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

    /// `[FIRING] btc-above-100k: BTC is 100500 USD, above 100000`. `escape` is the service's
    /// escaping of the message, which holds what feeds wrote (a news title, a link), so that text
    /// shows as written and never as the service's markup.
    static func headline(_ notification: Notification, escaping escape: (String) -> String = { $0 }) -> String {
        "\(title(notification)): \(escape(notification.message))"
    }

    /// Name/value pairs: metric, value, threshold, a line per other value the condition involved,
    /// since (and resolved at / reminder), and the rule's labels. Numbers as people read them
    /// (`DisplayNumber.human`), times in `time`'s zone to the minute; the notification's id stays
    /// in the machine fields (a header, a payload field), out of what people read. A headline
    /// (`news.<source>`) has no value to show: its source instead, the title and link being in
    /// the message.
    static func facts(_ notification: Notification, time: DisplayTime = .utc) -> [(String, String)] {
        var facts: [(String, String)]
        if let source = Headline.source(ofMetric: notification.metric) {
            facts = [("Source", source)]
        } else {
            facts = [("Metric", notification.metric)]
            if notification.value.isFinite { facts.append(("Value", number(notification.value, notification))) }
            if notification.threshold.isFinite { facts.append(("Threshold", number(notification.threshold, notification))) }
            facts += otherValues(notification).map { ($0.name, DisplayNumber.human($0.value, metric: $0.name)) }
        }
        facts.append(("Since", time.format(notification.startsAt)))
        if notification.status == .resolved {
            facts.append(("Resolved", time.format(notification.at)))
        } else if notification.isReminder {
            facts.append(("Still firing at", time.format(notification.at)))
        }
        facts += notification.labels.map { ($0.name, $0.value) }
        return facts
    }

    /// `btc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC`: one line for chats;
    /// with more values involved, each on a line of its own (`sma(btc.usd, 200d) = 85,000`). A
    /// headline's: its source and time (`coindesk, 2025-12-10 14:02 UTC`).
    static func summaryLine(_ notification: Notification, time: DisplayTime = .utc) -> String {
        if let source = Headline.source(ofMetric: notification.metric) { return "\(source), \(time.format(notification.at))" }
        var line = notification.metric
        if notification.value.isFinite { line += " \(number(notification.value, notification))" }
        if notification.threshold.isFinite { line += " (threshold \(number(notification.threshold, notification)))" }
        line += ", since \(time.format(notification.startsAt))"
        return ([line] + otherValues(notification).map { "\($0.name) = \(DisplayNumber.human($0.value, metric: $0.name))" })
            .joined(separator: "\n")
    }

    /// A value or threshold of `notification`, at its metric's precision.
    private static func number(_ value: Double, _ notification: Notification) -> String {
        DisplayNumber.human(value, metric: notification.metric)
    }

    /// The values the condition involved besides the metric's own value, which has its line.
    static func otherValues(_ notification: Notification) -> [ObservedValue] {
        notification.values.filter { !($0.name == notification.metric && $0.value == notification.value) }
    }

    /// Headline and summary line, and the silence link when there is one: the text of chat
    /// messages, within `limit` units. A longer one cuts its headline (the message), never the
    /// values and the link after it (`TextLimit.truncate(_:keeping:to:in:)`). `escape` as for
    /// `headline`; times in `time`'s zone.
    static func chat(_ notification: Notification, _ extras: NotificationExtras = NotificationExtras(), limit: Int = .max,
                     in unit: TextLimit.Unit = .utf16, time: DisplayTime = .utc,
                     escaping escape: (String) -> String = { $0 }) -> String {
        let tail = "\n\(summaryLine(notification, time: time))" + (silenceLine(notification, extras).map { "\n" + $0 } ?? "")
        return TextLimit.truncate(headline(notification, escaping: escape), keeping: tail, to: limit, in: unit)
    }

    /// `Silence 1h: https://…`, when the delivery made a link and the alert fires: a resolve
    /// has nothing left to silence.
    static func silenceLine(_ notification: Notification, _ extras: NotificationExtras) -> String? {
        guard notification.status == .firing else { return nil }
        return extras.silenceURL.map { "Silence 1h: \($0)" }
    }
}

/// How chat and mail channels word a group: a title counting the members, then each member as
/// it would read on its own, so a grouped message says everything the separate ones would. A
/// group is always one message: when its members do not all fit the service's size limit, it
/// lists the most pressing ones and counts the rest, since a person reads one message, not dozens.
extension NotificationText {
    /// Between two members' texts.
    static let memberSeparator = "\n\n"

    /// `[FIRING:2, RESOLVED:1] 3 alerts`.
    static func groupTitle(_ notifications: some Collection<Notification>) -> String {
        let firing = notifications.count { $0.status == .firing }
        return groupTitle(firing: firing, resolved: notifications.count - firing)
    }

    private static func groupTitle(firing: Int, resolved: Int) -> String {
        let tags = [firing > 0 ? "FIRING:\(firing)" : nil, resolved > 0 ? "RESOLVED:\(resolved)" : nil].compactMap { $0 }
        return "[\(tags.joined(separator: ", "))] \(firing + resolved) alerts"
    }

    /// `group` as one message of at most `limit` units: the title (when `titled`; a service that
    /// shows it apart leaves it out), then each member's text (`member`, given the units it must
    /// fit in, after `transform`, e.g. a service's escaping; by default its chat text with its
    /// message escaped by `escaping`), in delivery order. When that is too long, the members that
    /// matter most come first (`pressingOrder`), as many as fit, and a last line counts the rest
    /// and points to the page (`group.pageURL`), which shows them all.
    static func groupText(_ group: NotificationGroup, limit: Int, in unit: TextLimit.Unit, titled: Bool = true,
                          time: DisplayTime = .utc, escaping escape: (String) -> String = { $0 },
                          member: ((Notification, NotificationExtras, Int) -> String)? = nil,
                          transform: (String) -> String = { $0 }) -> String {
        func text(_ notification: Notification, _ extras: NotificationExtras, within room: Int) -> String {
            transform(member?(notification, extras, room) ?? chat(notification, extras, limit: room, in: unit, time: time, escaping: escape))
        }
        let title = titled ? [transform(groupTitle(group.notifications))] : []
        let texts = group.members.map { text($0, $1, within: .max) }
        let separator = TextLimit.size(memberSeparator, in: unit)
        // The size of `pieces` joined, counted once each: a message may weigh a thousand members.
        let size = { (pieces: [String]) in
            pieces.reduce(0) { $0 + TextLimit.size($1, in: unit) } + separator * max(pieces.count - 1, 0)
        }
        if size(title + texts) <= limit { return (title + texts).joined(separator: memberSeparator) }

        let firing = group.notifications.count { $0.status == .firing }
        var rest = (firing: firing, resolved: group.notifications.count - firing)
        func moreText(_ rest: (firing: Int, resolved: Int)) -> String { transform(moreLine(rest, page: group.pageURL)) }
        var listed: [String] = []
        // The size of the title and the listed members, and of a separator before what follows.
        var used = size(title) + (title.isEmpty ? 0 : separator)
        for index in pressingOrder(group.notifications) {
            var after = rest
            if group.notifications[index].status == .firing { after.firing -= 1 } else { after.resolved -= 1 }
            let grown = used + TextLimit.size(texts[index], in: unit) + separator
            if grown + TextLimit.size(moreText(after), in: unit) <= limit {
                listed.append(texts[index])
                (used, rest) = (grown, after)
                continue
            }
            // The most pressing alone is too long: cut to the room left rather than a message
            // that lists nothing.
            let room = limit - used - separator - TextLimit.size(moreText(after), in: unit)
            if listed.isEmpty, room > TextLimit.size("…", in: unit) {
                let cut = text(group.notifications[index], group.extras[index], within: room)
                listed.append(TextLimit.truncate(cut, to: room, in: unit))
                rest = after
            }
            break
        }
        return (title + listed + [moreText(rest)]).joined(separator: memberSeparator)
    }

    /// `…and 990 more (985 firing, 5 resolved)`, and the page's address when there is one.
    static func moreLine(_ rest: (firing: Int, resolved: Int), page: String?) -> String {
        let counts = [rest.firing > 0 ? "\(rest.firing) firing" : nil, rest.resolved > 0 ? "\(rest.resolved) resolved" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        return "…and \(rest.firing + rest.resolved) more (\(counts))" + (page.map { "\nAll alerts: \($0)" } ?? "")
    }

    /// The members' positions, the one that matters most first: firing before resolved (what
    /// still needs someone), then the newest first (the later `at`, then the later queued).
    static func pressingOrder(_ notifications: [Notification]) -> [Int] {
        notifications.indices.sorted { left, right in
            let (one, other) = (notifications[left], notifications[right])
            if one.status != other.status { return one.status == .firing }
            if one.at != other.at { return one.at > other.at }
            return left > right
        }
    }
}
