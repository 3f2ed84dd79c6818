import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchRules

/// A loaded, validated config file.
package struct Config: Sendable {
    /// The config file's path as given.
    package var path: String
    /// The SQLite state file (resolved against the config's folder).
    package var statePath: String
    /// Rule files and folders (resolved); nil when `"rules"` was not a list of them (reported).
    package var rulePaths: [String]?
    /// Enabled feeds, sorted by kind.
    package var feeds: [FeedConfig]
    /// Channels by name, in the order the config lists them.
    package var channels: [String: any Channel]
    /// Every channel name in config order, also of channels not in `channels` (unavailable to
    /// this command: their variables are unset and it does not send through them).
    package var channelNames: [String]
    /// Channels for rules that name none, and for the built-in `feed-stale:<feed>` alerts.
    package var defaultChannels: [String]
    /// Where the HTTP endpoint (`/healthz`, `/metrics`) listens; nil: disabled.
    package var httpListen: ListenAddress?
    /// Log format and level.
    package var logFormat: Logger.Format
    /// Minimum log level.
    package var logLevel: Logger.Level
    /// Every secret of the config (values substituted from `${NAME}`, what each channel
    /// declares), kept out of logs, `status` and `notify`.
    package var redactor: Redactor
    /// How long sent and dead deliveries stay in the state file (`state_retention`).
    package var stateRetention = Config.defaultStateRetention
    /// The longest receiver `Retry-After` honoured (`max_retry_after`).
    package var maxRetryAfter = RetryPolicy().maxRetryAfter
    /// The page's and the API's `http.token` and `http.external_url`.
    package var page = PageSettings()
    /// Top-level `labels`: added to every alert on every channel (a rule's own label of the same
    /// name wins), like Prometheus' `external_labels`.
    package var labels: [Label] = []
    /// Metrics computed from others (`derived`).
    package var derived: [DerivedMetric] = []
    /// Named recurring windows (`time_intervals`).
    var timeIntervals: [String: [TimeInterval]] = [:]
    /// Names in `time_intervals` defined with a problem (reported there; see ``KnownTimeIntervals``).
    var brokenTimeIntervals: Set<String> = []
    /// How the channels are delivered to: each delivery stage's settings of each channel.
    var delivery = DeliveryPlan()

    /// `state_retention` when the config does not set it: 30 days.
    package static let defaultStateRetention = Dispatcher.defaultRetention

    /// The feed of `kind`, when enabled.
    package func feed(_ kind: FeedKind) -> FeedConfig? { feeds.first { $0.kind == kind } }
}

extension Config {
    /// The delivery queues `channels` stand for: each channel itself, or each of its peers
    /// (`NAME#1`, … for an Alertmanager cluster's `urls`), in order. A name the config does not
    /// know stays as it is (its deliveries are retired as orphans).
    func queueNames(for channels: [String]) -> [String] {
        channels.flatMap { name in self.channels[name].map { $0.queues.map(\.name) } ?? [name] }
    }

    /// The queues a command's `--channel NAME` stands for: a configured channel's (every peer's
    /// of an Alertmanager cluster), or one peer's queue (`am#2`); nil when it names neither.
    func queues(named name: String) -> [String]? {
        if channelNames.contains(name) { return queueNames(for: [name]) }
        return queueNames(for: channelNames).contains(name) ? [name] : nil
    }

    /// Every name `--channel` takes: the channels, then the queues of those with peers.
    var channelAndQueueNames: [String] {
        channelNames + queueNames(for: channelNames).filter { !channelNames.contains($0) }
    }
}
