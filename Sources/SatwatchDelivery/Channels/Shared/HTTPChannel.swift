import SatwatchRules

/// A channel that delivers each message as one HTTP POST, built by a pure function
/// (`request(for:)`, what the payload tests call) and sent through `HTTPDelivery`.
protocol HTTPChannel: Channel {
    /// The channel's `timeout` and `ca_file`.
    var network: NetworkSettings { get }
    /// The POST for `group`.
    func request(for group: NotificationGroup) -> ChannelRequest
}

extension HTTPChannel {
    /// Sends `request(for:)` once and classifies the answer, hiding the channel's secrets in a
    /// failure reason (a receiver's error body may echo the URL it was called with).
    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        await HTTPDelivery.post(request(for: group), network: network, secrets: secrets)
    }

    /// The POST for one notification on its own.
    func request(for notification: Notification) -> ChannelRequest {
        request(for: NotificationGroup(notification))
    }
}
