import SatwatchBase

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
