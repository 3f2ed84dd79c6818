/// One notification the engine decided to send: committed to the outbox together with the state
/// change that caused it, then delivered to each of `channels`.
public struct Notification: Sendable, Equatable {
    /// Whether the alert started (or is reminded) or ended.
    public enum Status: String, Sendable, Equatable {
        case firing, resolved
    }

    /// Stable id (16 hex digits) of one event: every delivery of it carries the same id, so a
    /// receiver can drop a repeat; no two events share one, because it includes the rule's event
    /// sequence number (events in one millisecond differ by it). SMTP uses it in `Message-ID`,
    /// webhooks in a payload field.
    public var id: String
    /// The rule name (`alertname`), or `feed-stale:<feed>` for the built-in alert.
    public var rule: String
    /// `firing` or `resolved`.
    public var status: Status
    /// True for a `repeat` reminder of an alert that is still firing.
    public var isReminder: Bool
    /// The metric the rule watches.
    public var metric: String
    /// The observation that caused it (the value, or the change in percent for `change` rules).
    public var value: Double
    /// The rule's threshold (percent for `change` rules).
    public var threshold: Double
    /// When the transition happened.
    public var at: Timestamp
    /// When the alert fired (`startsAt`); equals `at` for a first firing.
    public var startsAt: Timestamp
    /// The rendered message.
    public var message: String
    /// The rule's labels.
    public var labels: [Label]
    /// Channel names it goes to.
    public var channels: [String]
    /// Every metric and expression the condition involved, with its value at `at` (`{{values}}`).
    public var values: [ObservedValue] = []

    /// Creates a notification; `id` is derived from the rule, its event `sequence` number (see
    /// `RuleState.sequence`), the status, start and time.
    public init(rule: String, status: Status, isReminder: Bool = false, metric: String, value: Double,
                threshold: Double, at: Timestamp, startsAt: Timestamp, sequence: Int64 = 0, message: String,
                labels: [Label] = [], channels: [String]) {
        self.init(storedID: StableHash.hex("\(rule)|\(sequence)|\(status.rawValue)|\(startsAt.milliseconds)|\(at.milliseconds)"),
                  rule: rule, status: status, isReminder: isReminder, metric: metric, value: value, threshold: threshold,
                  at: at, startsAt: startsAt, message: message, labels: labels, channels: channels)
    }
}
