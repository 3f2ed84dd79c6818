import SatwatchBase
import SatwatchRules

/// What a channel sends as one message: notifications its `"group"` setting gathered, or one
/// notification on its own (every ungrouped delivery, and a group that found one member).
package struct NotificationGroup: Sendable, Equatable {
    /// The members in delivery order; never empty.
    package let notifications: [Notification]
    /// Per member, what the delivery adds (its silence link, its chart).
    package var extras: [NotificationExtras]
    /// `http.external_url` (no trailing `/`), set by the dispatcher; nil without one.
    var externalURL: String?
    /// When the message goes out (set by the dispatcher): a receiver that forgets what it was
    /// told (Alertmanager) is given an `endsAt` counted from it. Nil: not known.
    package var sentAt: Timestamp?

    /// A group of the given members (at least one), their text without hidden controls: every
    /// channel sends a group, so none shows a feed's CSI or bidi override (`HiddenControls`).
    package init(_ notifications: [Notification], extras: [NotificationExtras]? = nil) {
        precondition(!notifications.isEmpty, "a group has at least one notification")
        self.notifications = notifications.map(\.withoutHiddenControls)
        self.extras = extras ?? Array(repeating: NotificationExtras(), count: notifications.count)
    }

    /// One notification on its own.
    package init(_ notification: Notification, extras: NotificationExtras = NotificationExtras()) {
        self.init([notification], extras: [extras])
    }

    /// The members with their extras.
    package var members: Zip2Sequence<[Notification], [NotificationExtras]> { zip(notifications, extras) }

    /// The message's stable id: a lone notification's own id; for several, 16 hex digits derived
    /// from the members' ids, so a retry of the same members repeats it and a receiver can drop
    /// the repeat.
    package var id: String {
        guard notifications.count > 1 else { return notifications[0].id }
        return StableHash.hex("group|" + notifications.map(\.id).joined(separator: "|"))
    }

    /// The page's address (`http.external_url`'s `/`): where a message too short to list every
    /// member sends its reader for the rest, and the alerts' `generatorURL`.
    var pageURL: String? { externalURL.map { $0 + "/" } }

    /// The group with its times (each member's `at` and `startsAt`, `sentAt`) moved from the
    /// worker's steady timeline to the wall clock's labels, `offset` apart: what a receiver reads.
    package func labelled(by offset: TimeSpan) -> NotificationGroup {
        guard offset != .zero else { return self }
        var labelled = NotificationGroup(notifications.map { notification in
            var notification = notification
            notification.at = notification.at + offset
            notification.startsAt = notification.startsAt + offset
            return notification
        }, extras: extras)
        labelled.externalURL = externalURL
        labelled.sentAt = sentAt.map { $0 + offset }
        return labelled
    }

    /// The only member, when there is one: channels then send exactly what they send ungrouped.
    package var single: Notification? { notifications.count == 1 ? notifications[0] : nil }

    /// Firing while any member fires (Alertmanager's rule for a group's status).
    package var status: Notification.Status {
        notifications.contains { $0.status == .firing } ? .firing : .resolved
    }
}
