/// A stored notification with what became of it on each of its channels.
struct LoggedNotification: Sendable, Equatable {
    /// The notification as committed, labels, values and every channel included.
    var notification: Notification
    /// Its deliveries, in the order they were queued.
    var deliveries: [LoggedDelivery]
}
