import SatwatchBase
import SatwatchRules

/// A destination for notifications (one configured entry under `channels`).
///
/// A channel only tries once and says how it went; retrying, ordering, grouping and giving up
/// are the dispatcher's job, shared by every channel.
package protocol Channel: Sendable {
    /// The channel's name in the config.
    var name: String { get }
    /// One line for logs and `status`, never containing a secret, e.g. `slack hooks.slack.com`.
    var summary: String { get }
    /// Every string of its settings that must never be shown (URLs and their parts, tokens,
    /// passwords): collected into the config's `Redactor`.
    var secrets: [String] { get }
    /// Sends one message: a lone notification exactly as it would go ungrouped, or a group, as
    /// its receiver needs it. A program's (webhook, Alertmanager) gets every member; a person's
    /// (chat, mail) a message within the service's size limit that lists the members that fit,
    /// the most pressing first, and counts the rest (`NotificationText.groupText`).
    func deliver(_ group: NotificationGroup) async -> DeliveryOutcome
    /// The service's own limits on messages (a chat webhook's), each of which the dispatcher
    /// keeps to; empty when it has none. A channel's `"rate"` replaces them.
    var rateLimits: [RateLimit] { get }
    /// Whether each notification it sends alone carries a chart (`"chart": true`, on the
    /// channels that can attach an image).
    var attachesChart: Bool { get }
    /// The receivers its notifications go to, each with a delivery queue of its own: itself, or
    /// one channel per peer (an Alertmanager cluster's `urls`), named `NAME#1`, `NAME#2`, … One
    /// peer that is down delays nothing for the others.
    var queues: [any Channel] { get }
}

/// A channel whose receiver forgets what it was told unless told again (Alertmanager resolves an
/// alert whose `endsAt` has passed): besides the notifications of its queue, the dispatcher tells
/// it again every `resendEvery` the latest state of each alert it heard — a firing one, and a
/// resolved one for `resendResolvedFor` after it resolved — and at once when the worker starts.
package protocol RestatingChannel: Channel {
    /// How often each alert's state is told again.
    var resendEvery: TimeSpan { get }
    /// How long a resolved alert is still told.
    var resendResolvedFor: TimeSpan { get }
    /// The queues whose deliveries count as heard by this one's receiver: every queue its
    /// channel has or had (`QueueNames.family`), so a new peer hears what the others did.
    var restatedFrom: [String] { get }
}

extension Channel {
    package var rateLimits: [RateLimit] { [] }

    package var attachesChart: Bool { false }

    package var queues: [any Channel] { [self] }

    /// Sends one notification on its own.
    package func deliver(_ notification: Notification) async -> DeliveryOutcome {
        await deliver(NotificationGroup(notification))
    }
}
