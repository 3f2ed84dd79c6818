/// A channel that delivers each notification as one HTTP POST, built by a pure function
/// (`request(for:)`, what the payload tests call) and sent through `HTTPDelivery`.
protocol HTTPChannel: Channel {
    /// The channel's `timeout` and `ca_file`.
    var network: NetworkSettings { get }
    /// The POST for `notification`.
    func request(for notification: Notification) -> ChannelRequest
}

extension HTTPChannel {
    /// Sends `request(for:)` once and classifies the answer, hiding the channel's secrets in a
    /// failure reason (a receiver's error body may echo the URL it was called with).
    public func deliver(_ notification: Notification) async -> DeliveryOutcome {
        await HTTPDelivery.post(request(for: notification), network: network, secrets: secrets)
    }
}
