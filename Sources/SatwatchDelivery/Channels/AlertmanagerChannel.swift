import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "alertmanager", "url": …}`: hands the alert to an Alertmanager, which then groups,
/// silences, inhibits and routes it. POSTs `<url>/api/v2/alerts` with one postable alert, or
/// with every alert of a group.
///
/// A firing alert is sent without `endsAt`; note that Alertmanager then resolves it by itself
/// after its `resolve_timeout` (5m by default) unless a reminder (`repeat`) re-sends it. A
/// resolved notice sets `endsAt` to the time it cleared.
/// Keys: `url` (required; the Alertmanager's base URL), `timeout`, `ca_file`.
package struct AlertmanagerChannel: HTTPChannel, ChannelType {
    package static let typeName = "alertmanager"

    package let name: String
    let url: ChannelURL
    let network: NetworkSettings

    package var summary: String { "alertmanager \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { AlertmanagerChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(url.base + "/api/v2/alerts", Self.payload(for: group))
    }

    /// The array of postable alerts: one per member.
    static func payload(for group: NotificationGroup) -> JSONValue {
        .list(group.members.map(postable))
    }

    /// A one-element array of postable alerts.
    static func payload(for notification: Notification) -> JSONValue { payload(for: NotificationGroup(notification)) }

    /// One postable alert.
    private static func postable(_ notification: Notification, _ extras: NotificationExtras) -> JSONValue {
        let alert = AlertmanagerAlert(notification, extras: extras)
        var members: [(String, JSONValue)] = [
            ("labels", .strings(alert.labels)),
            ("annotations", .strings(alert.annotations)),
            ("startsAt", .string(notification.startsAt.rfc3339)),
        ]
        if notification.status == .resolved { members.append(("endsAt", .string(notification.at.rfc3339))) }
        return .members(members)
    }
}
