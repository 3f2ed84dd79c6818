import SatwatchRules

/// A stored notification with what became of it on each of its channels.
package struct LoggedNotification: Sendable, Equatable {
    /// The notification as committed, labels, values and every channel included.
    package var notification: Notification
    /// Its deliveries, in the order they were queued.
    package var deliveries: [LoggedDelivery]
}
