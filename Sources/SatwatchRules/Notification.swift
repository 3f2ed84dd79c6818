import SatwatchBase

/// One notification the engine decided to send: committed to the outbox together with the state
/// change that caused it, then delivered to each of `channels`.
package struct Notification: Sendable, Equatable {
    /// Whether the alert started (or is reminded) or ended.
    package enum Status: String, Sendable, Equatable {
        case firing, resolved
    }

    /// Stable id (16 hex digits) of one event: every delivery of it carries the same id, so a
    /// receiver can drop a repeat; no two events share one, because it includes the rule's event
    /// sequence number (events in one millisecond differ by it). SMTP uses it in `Message-ID`,
    /// webhooks in a payload field.
    package var id: String
    /// The rule name (`alertname`), or `feed-stale:<feed>` for the built-in alert.
    package var rule: String
    /// `firing` or `resolved`.
    package var status: Status
    /// True for a `repeat` reminder of an alert that is still firing.
    package var isReminder: Bool
    /// The metric the rule watches.
    package var metric: String
    /// The observation that caused it (the value, or the change in percent for `change` rules).
    package var value: Double
    /// The rule's threshold (percent for `change` rules).
    package var threshold: Double
    /// When the transition happened.
    package var at: Timestamp
    /// When the alert fired (`startsAt`); equals `at` for a first firing.
    package var startsAt: Timestamp
    /// The rendered message.
    package var message: String
    /// The rule's labels.
    package var labels: [Label]
    /// Channel names it goes to.
    package var channels: [String]
    /// Every metric and expression the condition involved, with its value at `at` (`{{values}}`).
    package var values: [ObservedValue] = []

    /// Creates a notification; `id` is derived from the rule, its event `sequence` number (see
    /// `RuleState.sequence`), the status, start and time.
    package init(rule: String, status: Status, isReminder: Bool = false, metric: String, value: Double,
                threshold: Double, at: Timestamp, startsAt: Timestamp, sequence: Int64 = 0, message: String,
                labels: [Label] = [], channels: [String]) {
        self.init(storedID: StableHash.hex("\(rule)|\(sequence)|\(status.rawValue)|\(startsAt.milliseconds)|\(at.milliseconds)"),
                  rule: rule, status: status, isReminder: isReminder, metric: metric, value: value, threshold: threshold,
                  at: at, startsAt: startsAt, message: message, labels: labels, channels: channels)
    }
}

extension Notification {
    /// Every field as given, including `id`: restores a stored notification exactly. The id was derived
    /// when the notification was created and must survive the round trip unchanged, because
    /// receivers drop repeats by it.
    package init(storedID id: String, rule: String, status: Status, isReminder: Bool, metric: String, value: Double,
         threshold: Double, at: Timestamp, startsAt: Timestamp, message: String, labels: [Label],
         channels: [String]) {
        self.id = id
        self.rule = rule
        self.status = status
        self.isReminder = isReminder
        self.metric = metric
        self.value = value
        self.threshold = threshold
        self.at = at
        self.startsAt = startsAt
        self.message = message
        self.labels = labels
        self.channels = channels
    }
}

extension Notification {
    /// Whether `other` is the same event as this one read back from the state file: the same
    /// rule, status, kind, times, value and message (not the delivery extras, which are not stored).
    package func isSameEvent(as other: Notification) -> Bool {
        rule == other.rule && status == other.status && isReminder == other.isReminder && at == other.at
            && startsAt == other.startsAt && message == other.message
            && (value == other.value || (value.isNaN && other.value.isNaN))
    }
}
