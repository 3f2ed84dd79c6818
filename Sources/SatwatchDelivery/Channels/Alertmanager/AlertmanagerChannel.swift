import SatwatchBase
import SatwatchJSON
import SatwatchRules
import SatwatchState

/// `{"type": "alertmanager", "url": …}` or `"urls": [...]` (every peer of a cluster): hands each
/// alert to Alertmanager, which then groups, silences, inhibits, routes and, in a cluster,
/// deduplicates it. POSTs `<url>/api/v2/alerts` with one postable alert, or with every alert of a
/// group.
///
/// Every notification goes to every peer, each peer a delivery queue of its own (`queues`,
/// `NAME#1`, `NAME#2`, …) with its own retries. As Prometheus does, an alert is told again every
/// `resend` (default 1m) with `endsAt` = now + 4 × `resend` while it fires, so Alertmanager never
/// resolves it on its own; a resolved alert goes with its `endsAt` and is told again for 15
/// minutes (`RestatingChannel`).
/// Keys: `url` or `urls` (the Alertmanagers' base URLs), `resend`, `timeout`, `ca_file`.
package struct AlertmanagerChannel: HTTPChannel, RestatingChannel, ChannelType {
    package static let typeName = "alertmanager"
    /// `resend` when the config says nothing: Prometheus' `--rules.alert.resend-delay`.
    static let defaultResend = TimeSpan.minutes(1)
    /// How long a resolved alert is told again: Prometheus' 15 minutes.
    static let resolvedResendFor = TimeSpan.minutes(15)

    package let name: String
    /// The configured channel's name: `name` itself, or the channel a peer's queue belongs to.
    let channel: String
    /// Each peer's URL: one for a lone Alertmanager.
    let urls: [ChannelURL]
    let network: NetworkSettings
    package let resendEvery: TimeSpan
    package var resendResolvedFor: TimeSpan { Self.resolvedResendFor }
    /// Every queue the channel has or had (`url` may become `urls`, peers may be added): what any
    /// of them heard, every peer is told.
    package var restatedFrom: [String] { QueueNames.family(of: channel) }

    package var summary: String { "alertmanager " + urls.map(\.hostAndPort).joined(separator: ", ") }
    package var secrets: [String] { urls.flatMap(\.secrets) }

    /// One queue per peer; a lone Alertmanager is its own queue, under the channel's name.
    package var queues: [any Channel] {
        guard urls.count > 1 else { return [self] }
        return urls.enumerated().map { index, url in
            AlertmanagerChannel(name: QueueNames.peer(index + 1, of: channel), channel: channel, urls: [url], network: network,
                                resendEvery: resendEvery)
        }
    }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let network = NetworkSettings.read(&settings, context: context)
        var resend = defaultResend
        if let span = settings.span("resend") {
            if span < .seconds(1) || span > .hours(1) {
                settings.report("resend", "\"resend\" must be from 1s to 1h")
            } else {
                resend = span
            }
        }
        let urls: [ChannelURL]
        switch (settings.has("url"), settings.has("urls")) {
        case (true, true):
            _ = settings.member("url")
            _ = settings.member("urls")
            settings.report("urls", "give \"url\" or \"urls\", not both")
            return nil
        case (false, true):
            guard let list = ChannelURL.readList("urls", limit: QueueNames.maxPeers, &settings, context: context) else { return nil }
            urls = list
        default:
            guard let url = ChannelURL.read("url", &settings, context: context) else { return nil }
            urls = [url]
        }
        return AlertmanagerChannel(name: name, channel: name, urls: urls, network: network, resendEvery: resend)
    }

    /// Sends `group` to every peer (the dispatcher sends through `queues` instead, one queue per
    /// peer): delivered when every peer took it, else the first failure, naming its peer.
    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        guard urls.count > 1 else { return await HTTPDelivery.post(request(for: group), network: network, secrets: secrets) }
        var failure: DeliveryFailure?
        for peer in queues {
            if case .failed(var failed) = await peer.deliver(group), failure == nil {
                failed.reason = "\(peer.summary): \(failed.reason)"
                failure = failed
            }
        }
        return failure.map(DeliveryOutcome.failed) ?? .delivered
    }

    /// The POST for `group`, to the first peer.
    func request(for group: NotificationGroup) -> ChannelRequest {
        .json(urls[0].base + "/api/v2/alerts", payload(for: group))
    }

    /// The array of postable alerts: one per member.
    func payload(for group: NotificationGroup) -> JSONValue {
        .list(group.members.map { postable($0, $1, sentAt: group.sentAt, page: group.pageURL) })
    }

    /// A one-element array of postable alerts.
    func payload(for notification: Notification) -> JSONValue { payload(for: NotificationGroup(notification)) }

    /// One postable alert: a firing one ends 4 × `resend` after it is sent (unknown: no `endsAt`,
    /// and Alertmanager's `resolve_timeout` applies), a resolved one when it cleared. With a
    /// `page` (`http.external_url`), it is the alert's `generatorURL`, the link Alertmanager's
    /// UI and templates give back to where the alert came from.
    private func postable(_ notification: Notification, _ extras: NotificationExtras, sentAt: Timestamp?, page: String?) -> JSONValue {
        let alert = AlertmanagerAlert(notification, extras: extras)
        var members: [(String, JSONValue)] = [
            ("labels", .strings(alert.labels)),
            ("annotations", .strings(alert.annotations)),
            ("startsAt", .string(notification.startsAt.rfc3339)),
        ]
        if notification.status == .resolved {
            members.append(("endsAt", .string(notification.at.rfc3339)))
        } else if let sentAt {
            members.append(("endsAt", .string((sentAt + resendEvery * 4).rfc3339)))
        }
        if let page { members.append(("generatorURL", .string(page))) }
        return .members(members)
    }
}
