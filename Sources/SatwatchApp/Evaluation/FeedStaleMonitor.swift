import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// The built-in `feed-stale:<feed>` alerts: a feed that sends nothing (no data, no heartbeat)
/// for its `stale_after` fires one on `defaults.channels`; its next frame resolves it. Their
/// state is stored like a rule's, so restarts neither repeat nor forget them.
struct FeedStaleMonitor {
    private struct Watch {
        var feed: FeedConfig
        var lastFrameAt: Timestamp
        var state: RuleState
    }

    static let digest = "feed-stale"
    private var watches: [Watch]
    private let channels: [String]
    /// The config's top-level `labels`, which these alerts carry like every other.
    private let commonLabels: [Label]

    /// Rule name of a feed's stale alert.
    static func ruleName(_ kind: FeedKind) -> String { "\(digest):\(kind.rawValue)" }

    /// Whether `name` is a feed's stale alert's.
    static func names(_ name: String) -> Bool { name.hasPrefix("\(digest):") }

    /// Watches `feeds` from `now` (each gets its full `stale_after` to deliver a first frame).
    init(feeds: [FeedConfig], channels: [String], commonLabels: [Label] = [], saved: [String: RuleState], now: Timestamp) {
        self.channels = channels
        self.commonLabels = commonLabels
        watches = feeds.map { feed in
            let saved = saved[Self.ruleName(feed.kind)].flatMap { $0.digest == Self.digest ? $0 : nil }
            return Watch(feed: feed, lastFrameAt: now, state: saved ?? RuleState(digest: Self.digest))
        }
    }

    /// Feeds whose alert is firing now.
    var staleFeeds: [FeedKind] { watches.filter { $0.state.status == .firing }.map(\.feed.kind) }

    /// A frame from `kind` arrived: resolves its alert if it was firing.
    mutating func frameArrived(_ kind: FeedKind, at now: Timestamp) -> RuleChange? {
        guard let index = watches.firstIndex(where: { $0.feed.kind == kind }) else { return nil }
        let silence = now - watches[index].lastFrameAt
        watches[index].lastFrameAt = now
        guard watches[index].state.status == .firing else { return nil }
        let firedAt = watches[index].state.firedAt ?? now
        watches[index].state = RuleState(digest: Self.digest, sequence: watches[index].state.sequence)
        return change(index, status: .resolved, at: now, startsAt: firedAt, silence: silence,
                      message: "feed \(kind.rawValue) is delivering again after \(silence.wholeSecondsText) of silence")
    }

    /// Fires the alert of every feed silent past its `stale_after` at `now`. `lastError` gives a
    /// feed's last connect or poll error (without secrets), if any: the alert says it, and its
    /// state keeps it as what the feed's data waits for (`status` shows it), so a feed that never
    /// connected says why (`Could not resolve host: …`), not only that it is silent.
    mutating func check(at now: Timestamp, lastError: (FeedKind) -> String? = { _ in nil }) -> [RuleChange] {
        var changes: [RuleChange] = []
        for index in watches.indices where watches[index].state.status != .firing {
            let watch = watches[index]
            let silence = now - watch.lastFrameAt
            guard silence >= watch.feed.staleAfter else { continue }
            var firing = RuleState(status: .firing, activeSince: now, firedAt: now, lastNotifiedAt: now,
                                   lastValue: silence.seconds, lastObservedAt: now, digest: Self.digest)
            firing.sequence = watch.state.sequence
            firing.waiting = lastError(watch.feed.kind).map { "last error: \($0)" }
            watches[index].state = firing
            let message = "feed \(watch.feed.kind.rawValue) has sent nothing for \(silence.wholeSecondsText) (stale after \(watch.feed.staleAfter.text))"
            changes.append(change(index, status: .firing, at: now, startsAt: now, silence: silence,
                                  message: message + (firing.waiting.map { "; \($0)" } ?? "")))
        }
        return changes
    }

    /// Each feed's alert as the API lists it beside the rules: it watches `feed.<kind>` for
    /// silence past its `stale_after`.
    var overview: [RuleOverview] {
        watches.map { watch in
            RuleOverview(name: Self.ruleName(watch.feed.kind), metric: "feed.\(watch.feed.kind.rawValue)",
                         source: watch.feed.kind.rawValue, criterion: "silent for \(watch.feed.staleAfter.text)",
                         levels: [watch.feed.staleAfter.seconds], labels: labels(watch.feed.kind), description: nil,
                         channels: channels, state: watch.state)
        }
    }

    /// A feed's alert's labels: `feed`, then the config's common ones.
    private func labels(_ kind: FeedKind) -> [Label] {
        [Label("feed", kind.rawValue)] + commonLabels.filter { $0.name != "feed" }
    }

    /// When the next feed would go stale, if none is stale yet.
    func nextDeadline() -> Timestamp? {
        watches.filter { $0.state.status != .firing }.map { $0.lastFrameAt + $0.feed.staleAfter }.min()
    }

    /// The change of watch `index`, with its notification (which takes the watch's next event
    /// sequence number) when there are channels to tell.
    private mutating func change(_ index: Int, status: Notification.Status, at now: Timestamp, startsAt: Timestamp,
                                 silence: TimeSpan, message: String) -> RuleChange {
        let watch = watches[index]
        let name = Self.ruleName(watch.feed.kind)
        guard !channels.isEmpty else { return RuleChange(rule: name, state: watch.state, notification: nil) }
        watches[index].state.sequence += 1
        let notification = Notification(rule: name, status: status, metric: "feed.\(watch.feed.kind.rawValue)",
                                        value: silence.seconds, threshold: watch.feed.staleAfter.seconds, at: now,
                                        startsAt: startsAt, sequence: watches[index].state.sequence, message: message,
                                        labels: labels(watch.feed.kind),
                                        channels: channels)
        return RuleChange(rule: name, state: watches[index].state, notification: notification)
    }
}
