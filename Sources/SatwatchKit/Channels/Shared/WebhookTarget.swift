/// What a channel configured by one `url` needs (webhook, slack, discord, teams, alertmanager):
/// the URL and the network settings, read and validated in one place, with the URL's secrets
/// registered for redaction.
struct WebhookTarget: Sendable {
    let url: ChannelURL
    let network: NetworkSettings

    /// Reads `url`, `timeout` and `ca_file`; nil after reporting when `url` is missing or bad.
    /// `wholeURLIsSecret`: chat webhooks (and generic ones) carry their credential in the path, so
    /// the whole URL is kept out of logs; an Alertmanager URL only hides its password.
    static func read(_ settings: inout ConfigObject, context: ChannelContext, wholeURLIsSecret: Bool) -> WebhookTarget? {
        let url = ChannelURL.read("url", &settings, context: context)
        let network = NetworkSettings.read(&settings, context: context)
        guard let url else { return nil }
        context.logger.redact(url.secrets(wholeURL: wholeURLIsSecret))
        return WebhookTarget(url: url, network: network)
    }
}
