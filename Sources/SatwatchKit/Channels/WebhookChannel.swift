import SatwatchJSON

/// `{"type": "webhook", "url": …}`: POSTs the Alertmanager webhook payload, version 4, so any
/// receiver written for Alertmanager works unchanged. One notification is one group of one alert.
///
/// Besides the v4 fields it sends `notificationId`, the notification's stable id: a retried
/// delivery repeats it, so a receiver drops a body whose id it has already seen.
/// Keys: `url` (required), `timeout`, `ca_file`.
public struct WebhookChannel: HTTPChannel, ChannelType {
    public static let typeName = "webhook"

    public let name: String
    let url: ChannelURL
    let network: NetworkSettings

    public var summary: String { "webhook \(url.hostAndPort)" }
    public var secrets: [String] { url.secrets }

    public static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        WebhookTarget.read(&settings, context: context)
            .map { WebhookChannel(name: name, url: $0.url, network: $0.network) }
    }

    /// The POST for `notification`.
    func request(for notification: Notification) -> ChannelRequest {
        .json(url.text, Self.payload(for: notification, receiver: name))
    }

    /// The v4 payload; `receiver` is the channel's name.
    static func payload(for notification: Notification, receiver: String) -> JSONValue {
        let alert = AlertmanagerAlert(notification)
        let status = JSONValue.string(notification.status.rawValue)
        let endsAt = notification.status == .resolved ? notification.at.rfc3339 : AlertmanagerAlert.zeroTime
        let item: JSONValue = [
            "status": status,
            "labels": .strings(alert.labels),
            "annotations": .strings(alert.annotations),
            "startsAt": .string(notification.startsAt.rfc3339),
            "endsAt": .string(endsAt),
            "generatorURL": "",
            "fingerprint": .string(alert.fingerprint),
        ]
        return [
            "version": "4",
            "groupKey": .string(groupKey(notification.rule)),
            "truncatedAlerts": 0,
            "status": status,
            "receiver": .string(receiver),
            "groupLabels": ["alertname": .string(notification.rule)],
            "commonLabels": .strings(alert.labels),
            "commonAnnotations": .strings(alert.annotations),
            "externalURL": "",
            "alerts": [item],
            "notificationId": .string(notification.id),
        ]
    }

    /// `{}:{alertname="btc-above-100k"}`: Alertmanager's form (route `{}`, then the group
    /// labels), stable for an alert across firing, reminders and resolution.
    static func groupKey(_ rule: String) -> String {
        let escaped = rule.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return "{}:{alertname=\"\(escaped)\"}"
    }
}
