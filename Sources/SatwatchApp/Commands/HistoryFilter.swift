import SatwatchBase
import SatwatchState

/// What `satwatch history` lists: `--since D` (back from now), `--rule GLOB`, `--channel C`.
struct HistoryFilter: Sendable, Equatable {
    /// The oldest notification time listed; nil for all.
    var since: Timestamp?
    /// Rules listed; nil for all.
    var rule: GlobPattern?
    /// The one channel whose deliveries are listed (all its peers' queues, or one peer's queue
    /// when named `NAME#2`); nil for all.
    var channel: String?

    /// The filter the options ask for, `--since` counted back from `now`.
    init(_ parsed: ArgumentList, now: Timestamp) throws(UsageError) {
        if let text = parsed[option: "since"] {
            guard let span = TimeSpan(parsing: text) else {
                throw UsageError("invalid duration \"\(text)\" for --since (use e.g. 2h, 7d)")
            }
            since = now - span
        }
        rule = parsed[option: "rule"].map(GlobPattern.init)
        channel = parsed[option: "channel"]
    }

    /// A filter from its parts (tests).
    init(since: Timestamp? = nil, rule: String? = nil, channel: String? = nil) {
        self.since = since
        self.rule = rule.map(GlobPattern.init)
        self.channel = channel
    }

    /// The notifications of `log` that pass, with only the named channel's deliveries when a
    /// channel is given, its peers' queues' included (a notification that never went to it is
    /// left out).
    func apply(_ log: [LoggedNotification]) -> [LoggedNotification] {
        log.compactMap { entry in
            if let since, entry.notification.at < since { return nil }
            if let rule, !rule.matches(entry.notification.rule) { return nil }
            guard let channel else { return entry }
            var kept = entry
            kept.deliveries = entry.deliveries.filter { QueueNames.isQueue($0.channel, of: channel) }
            return kept.deliveries.isEmpty ? nil : kept
        }
    }
}
