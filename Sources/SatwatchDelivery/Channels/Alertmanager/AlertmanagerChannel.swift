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
/// minutes (`RestatingChannel`). Each peer's clock is read from its answers' `Date`
/// (`AlertmanagerClock`): the times an alert carries are on that clock, so a worker whose clock
/// is behind (or ahead) does not have its alerts resolved on arrival; a skew of seconds or more
/// is logged as a warning.
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
    /// Each peer's clock, as measured: one per URL.
    let clocks: [AlertmanagerClock]
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
        return urls.indices.map { index in
            AlertmanagerChannel(name: QueueNames.peer(index + 1, of: channel), channel: channel, urls: [urls[index]],
                                clocks: [clocks[index]], network: network, resendEvery: resendEvery)
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
        let clocks = urls.enumerated().map { index, url in
            AlertmanagerClock(channel: urls.count > 1 ? QueueNames.peer(index + 1, of: name) : name, peer: url.hostAndPort,
                              logger: context.logger)
        }
        return AlertmanagerChannel(name: name, channel: name, urls: urls, clocks: clocks, network: network, resendEvery: resend)
    }

    /// Sends `group` to every peer (the dispatcher sends through `queues` instead, one queue per
    /// peer): delivered when every peer took it, else the first failure, naming its peer.
    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        guard urls.count > 1 else { return await tell(group) }
        var failure: DeliveryFailure?
        for peer in queues {
            if case .failed(var failed) = await peer.deliver(group), failure == nil {
                failed.reason = "\(peer.summary): \(failed.reason)"
                failure = failed
            }
        }
        return failure.map(DeliveryOutcome.failed) ?? .delivered
    }

    /// Posts `group` to the one peer with its times on the peer's clock as last measured; an
    /// answer showing that clock a resend or more away from that (the first answer of a skewed
    /// peer) has it posted again at once with the right times, rather than left resolved there
    /// until the next resend.
    private func tell(_ group: NotificationGroup) async -> DeliveryOutcome {
        let clock = clocks[0]
        let told = clock.skew
        let outcome = await post(group, skew: told, measuring: clock)
        guard outcome == .delivered, abs(clock.skew.milliseconds - told.milliseconds) >= resendEvery.milliseconds else { return outcome }
        return await post(group, skew: clock.skew, measuring: clock)
    }

    private func post(_ group: NotificationGroup, skew: TimeSpan, measuring clock: AlertmanagerClock) async -> DeliveryOutcome {
        let sent = WallClock.now()
        return await HTTPDelivery.post(request(for: group, skew: skew), network: network, secrets: secrets) { response in
            if let date = response.date { clock.measure(serverSeconds: date, sent: sent, answered: WallClock.now()) }
        }
    }

    /// The POST for `group`, to the first peer, its times on that peer's clock as last measured.
    func request(for group: NotificationGroup) -> ChannelRequest {
        request(for: group, skew: clocks[0].skew)
    }

    /// The POST for `group` with its times moved by `skew` (the peer's clock minus ours).
    func request(for group: NotificationGroup, skew: TimeSpan) -> ChannelRequest {
        .json(urls[0].base + "/api/v2/alerts", payload(for: group, skew: skew))
    }

    /// The array of postable alerts: one per member.
    func payload(for group: NotificationGroup, skew: TimeSpan = .zero) -> JSONValue {
        .list(group.members.map { postable($0, $1, sentAt: group.sentAt, page: group.pageURL, skew: skew) })
    }

    /// A one-element array of postable alerts.
    func payload(for notification: Notification) -> JSONValue { payload(for: NotificationGroup(notification)) }

    /// One postable alert: a firing one ends 4 × `resend` after it is sent (unknown: no `endsAt`,
    /// and Alertmanager's `resolve_timeout` applies), a resolved one when it cleared. With a
    /// `page` (`http.external_url`), it is the alert's `generatorURL`, the link Alertmanager's
    /// UI and templates give back to where the alert came from.
    /// Its times are moved by `skew`, onto Alertmanager's clock, which judges them.
    private func postable(_ notification: Notification, _ extras: NotificationExtras, sentAt: Timestamp?, page: String?,
                          skew: TimeSpan) -> JSONValue {
        let alert = AlertmanagerAlert(notification, extras: extras)
        var members: [(String, JSONValue)] = [
            ("labels", .strings(alert.labels)),
            ("annotations", .strings(alert.annotations)),
            ("startsAt", .string((notification.startsAt + skew).rfc3339)),
        ]
        if notification.status == .resolved {
            members.append(("endsAt", .string((notification.at + skew).rfc3339)))
        } else if let sentAt {
            members.append(("endsAt", .string((sentAt + skew + resendEvery * 4).rfc3339)))
        }
        if let page { members.append(("generatorURL", .string(page))) }
        return .members(members)
    }
}
