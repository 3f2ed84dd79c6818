import SatwatchBase

/// What a channel configured by one `url` needs (webhook, slack, discord, teams, alertmanager):
/// the URL and the network settings, read and validated in one place.
struct WebhookTarget: Sendable {
    let url: ChannelURL
    let network: NetworkSettings

    /// Reads `url`, `timeout` and `ca_file`; nil after reporting when `url` is missing or bad.
    static func read(_ settings: inout ConfigObject, context: ChannelContext) -> WebhookTarget? {
        let url = ChannelURL.read("url", &settings, context: context)
        let network = NetworkSettings.read(&settings, context: context)
        guard let url else { return nil }
        return WebhookTarget(url: url, network: network)
    }
}
