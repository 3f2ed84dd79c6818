import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// `{"type": "webhook", "url": …}`: POSTs the Alertmanager webhook payload, version 4, so any
/// receiver written for Alertmanager works unchanged. An ungrouped notification is a group of one
/// alert (grouped by `alertname`); a channel's `"group"` sends several alerts in one payload,
/// grouped by nothing (`groupKey` `{}:{}`), as Alertmanager does for `group_by: []`.
///
/// With `http.external_url`, `externalURL` is it and each alert's `generatorURL` is the page
/// (`external_url/`), as Alertmanager's own and Prometheus's links; both are "" without it.
///
/// Besides the v4 fields it sends `notificationId`, the message's stable id: a retried
/// delivery repeats it, so a receiver drops a body whose id it has already seen.
/// Keys: `url` (required), `timeout`, `ca_file`.
package struct WebhookChannel: HTTPChannel, ChannelType {
    package static let typeName = "webhook"

    package let name: String
    let url: ChannelURL
    let network: NetworkSettings

    package var summary: String { "webhook \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { WebhookChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(url.text, Self.payload(for: group, receiver: name))
    }

    /// The v4 payload for one notification; `receiver` is the channel's name.
    static func payload(for notification: Notification, receiver: String) -> JSONValue {
        payload(for: NotificationGroup(notification), receiver: receiver)
    }

    /// The v4 payload; `receiver` is the channel's name. Common labels and annotations are those
    /// every alert has with the same value.
    static func payload(for group: NotificationGroup, receiver: String) -> JSONValue {
        let alerts = group.members.map { AlertmanagerAlert($0, extras: $1) }
        let single = group.single
        return [
            "version": "4",
            "groupKey": .string(single.map { groupKey($0.rule) } ?? "{}:{}"),
            "truncatedAlerts": 0,
            "status": .string(group.status.rawValue),
            "receiver": .string(receiver),
            "groupLabels": single.map { ["alertname": .string($0.rule)] } ?? .members([]),
            "commonLabels": .strings(common(alerts.map(\.labels))),
            "commonAnnotations": .strings(common(alerts.map(\.annotations))),
            "externalURL": .string(group.externalURL ?? ""),
            "alerts": .list(zip(group.notifications, alerts).map { item($0, $1, generatorURL: group.pageURL ?? "") }),
            "notificationId": .string(group.id),
        ]
    }

    /// One element of `alerts`; `generatorURL` is the page that shows its rule ("" without one).
    private static func item(_ notification: Notification, _ alert: AlertmanagerAlert, generatorURL: String) -> JSONValue {
        let endsAt = notification.status == .resolved ? notification.at.rfc3339 : AlertmanagerAlert.zeroTime
        return [
            "status": .string(notification.status.rawValue),
            "labels": .strings(alert.labels),
            "annotations": .strings(alert.annotations),
            "startsAt": .string(notification.startsAt.rfc3339),
            "endsAt": .string(endsAt),
            "generatorURL": .string(generatorURL),
            "fingerprint": .string(alert.fingerprint),
        ]
    }

    /// The pairs every set has with the same value, in the first set's order.
    private static func common(_ sets: [[Label]]) -> [Label] {
        guard let first = sets.first else { return [] }
        return first.filter { label in sets.dropFirst().allSatisfy { $0.contains(label) } }
    }

    /// `{}:{alertname="btc-above-100k"}`: Alertmanager's form (route `{}`, then the group
    /// labels), stable for an alert across firing, reminders and resolution.
    static func groupKey(_ rule: String) -> String {
        let escaped = rule.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return "{}:{alertname=\"\(escaped)\"}"
    }
}
