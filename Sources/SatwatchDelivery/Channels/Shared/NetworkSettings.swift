import SatwatchBase
import SatwatchNet

/// The keys every network channel accepts besides its own: `timeout` and `ca_file`, and for
/// HTTP channels `proxy`.
struct NetworkSettings: Sendable, Equatable {
    /// How long one delivery attempt may take when `timeout` is not set.
    static let defaultTimeout = TimeSpan.seconds(10)
    /// The accepted `timeout` range: shorter cannot finish a TLS handshake, longer would hold a
    /// delivery slot for minutes.
    static let timeoutRange = TimeSpan(milliseconds: 100)...TimeSpan.minutes(5)

    /// Limit for one whole attempt (connect, send, answer).
    var timeout = defaultTimeout
    /// PEM file of CAs to trust instead of the system store, resolved against the config folder.
    var caFile: String?
    /// The proxy the channel's requests go through (`socks5h://…`, `http://…`); nil: the
    /// environment's, as curl reads it.
    var proxy: String?

    /// Reads `timeout` (default `defaultTimeout`), `ca_file` and, when `proxy` is true (HTTP
    /// channels), `proxy`, reporting a bad duration, an out-of-range timeout, a missing CA file
    /// or a bad proxy at the value.
    static func read(_ settings: inout ConfigObject, context: ChannelContext,
                     defaultTimeout: TimeSpan = defaultTimeout, proxy: Bool = true) -> NetworkSettings {
        var network = NetworkSettings(timeout: defaultTimeout)
        if let timeout = settings.span("timeout") {
            if timeoutRange.contains(timeout) {
                network.timeout = timeout
            } else {
                settings.report("timeout", "\"timeout\" must be between \(timeoutRange.lowerBound.text) and \(timeoutRange.upperBound.text)")
            }
        }
        if let caFile = settings.string("ca_file", length: .path) {
            network.caFile = settings.checkedFile(caFile, key: "ca_file", paths: context.paths)
        }
        if proxy { network.proxy = settings.proxy() }
        return network
    }
}
