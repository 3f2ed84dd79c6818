/// A destination for notifications (one configured entry under `channels`).
///
/// A channel only tries once and says how it went; retrying, ordering and giving up are the
/// dispatcher's job, shared by every channel.
public protocol Channel: Sendable {
    /// The channel's name in the config.
    var name: String { get }
    /// One line for logs and `status`, never containing a secret, e.g. `slack hooks.slack.com`.
    var summary: String { get }
    /// Every string of its settings that must never be shown (URLs and their parts, tokens,
    /// passwords): collected into the config's `Redactor`.
    var secrets: [String] { get }
    /// Sends one notification.
    func deliver(_ notification: Notification) async -> DeliveryOutcome
    /// The service's own limit on messages (a chat webhook's), which the dispatcher keeps to;
    /// nil when it has none. A channel's `"rate"` overrides it.
    var rateLimit: RateLimit? { get }
}

extension Channel {
    public var rateLimit: RateLimit? { nil }
}
