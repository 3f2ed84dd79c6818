import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// The built-in `feed-stale:<feed>` alerts: a feed that sends nothing (no data, no heartbeat)
/// for its `stale_after` fires one on `defaults.channels`. It resolves once the feed has
/// delivered for `steadyFor` (a minute) without going stale again: a feed that flaps (drops,
/// reconnects, drops again) fires once and resolves once when it is steady, where resolving at
/// its first frame sent a pair of notifications per drop. Its rules act again at the first
/// frame all the same: the hold is the alert's, not the data's. Their state is stored like a
/// rule's, so restarts neither repeat nor forget them (a restart during the hold starts it anew).
struct FeedStaleMonitor {
    private struct Watch {
        var feed: FeedConfig
        var lastFrameAt: Timestamp
        var state: RuleState
        /// Silent past its `stale_after`: its rules are held until its next frame.
        var silent: Bool
        /// While its alert fires: since when the feed has delivered without going stale, and
        /// the silence that ended then.
        var recovery: (since: Timestamp, after: TimeSpan)?
    }

    static let digest = "feed-stale"
    /// How long a stale feed must deliver without going stale again before its alert resolves.
    static let steadyFor = TimeSpan.minutes(1)
    private var watches: [Watch]
    private let channels: [String]
    /// The config's top-level `labels`, which these alerts carry like every other.
    private let commonLabels: [Label]
    private let steadyFor: TimeSpan

    /// Rule name of a feed's stale alert.
    static func ruleName(_ kind: FeedKind) -> String { "\(digest):\(kind.rawValue)" }

    /// Whether `name` is a feed's stale alert's.
    static func names(_ name: String) -> Bool { name.hasPrefix("\(digest):") }

    /// Watches `feeds` from `now` (each gets its full `stale_after` to deliver a first frame; one
    /// whose alert was firing at the last stop is silent until it delivers).
    init(feeds: [FeedConfig], channels: [String], commonLabels: [Label] = [], saved: [String: RuleState], now: Timestamp,
         steadyFor: TimeSpan = Self.steadyFor) {
        self.channels = channels
        self.commonLabels = commonLabels
        self.steadyFor = steadyFor
        watches = feeds.map { feed in
            let saved = saved[Self.ruleName(feed.kind)].flatMap { $0.digest == Self.digest ? $0 : nil }
            let state = saved ?? RuleState(digest: Self.digest)
            return Watch(feed: feed, lastFrameAt: now, state: state, silent: state.status == .firing, recovery: nil)
        }
    }

    /// Feeds whose alert is firing now.
    var staleFeeds: [FeedKind] { watches.filter { $0.state.status == .firing }.map(\.feed.kind) }

    /// A frame from `kind` arrived at `now`; true when the feed had been silent past its
    /// `stale_after`, so its rules act again. A firing alert starts (or, after a silence past
    /// `stale_after` meanwhile, starts again) its steady time: `check` resolves it at the end.
    mutating func frameArrived(_ kind: FeedKind, at now: Timestamp) -> Bool {
        guard let index = watches.firstIndex(where: { $0.feed.kind == kind }) else { return false }
        let silence = now - watches[index].lastFrameAt
        let resumed = watches[index].silent
        watches[index].lastFrameAt = now
        watches[index].silent = false
        // A frame just as `stale_after` ends is in time (see `FrameEvaluator.advanceStepwise`).
        if watches[index].state.status == .firing,
           watches[index].recovery == nil || silence > watches[index].feed.staleAfter {
            watches[index].recovery = (since: now, after: silence)
        }
        return resumed
    }

    /// At `now`: fires the alert of every feed silent past its `stale_after` (one already firing
    /// only starts its steady time over), and resolves every alert whose feed has delivered for
    /// `steadyFor` since. Also says which feeds went silent, whose rules are held. `lastError`
    /// gives a feed's last connect or poll error (without secrets), if any: the alert says it, and
    /// its state keeps it as what the feed's data waits for (`status` shows it), so a feed that
    /// never connected says why (`Could not resolve host: …`), not only that it is silent.
    mutating func check(at now: Timestamp, lastError: (FeedKind) -> String? = { _ in nil })
        -> (changes: [RuleChange], silenced: [FeedKind]) {
        var changes: [RuleChange] = []
        var silenced: [FeedKind] = []
        for index in watches.indices {
            let watch = watches[index]
            let silence = now - watch.lastFrameAt
            if !watch.silent && silence >= watch.feed.staleAfter {
                watches[index].silent = true
                silenced.append(watch.feed.kind)
                if watch.state.status == .firing {
                    watches[index].recovery = nil
                    continue
                }
                var firing = RuleState(status: .firing, activeSince: now, firedAt: now, lastNotifiedAt: now,
                                       lastValue: silence.seconds, lastObservedAt: now, digest: Self.digest)
                firing.sequence = watch.state.sequence
                firing.waiting = lastError(watch.feed.kind).map { "last error: \($0)" }
                watches[index].state = firing
                let message = "feed \(watch.feed.kind.rawValue) has sent nothing for \(silence.wholeSecondsText) (stale after \(watch.feed.staleAfter.text))"
                changes.append(change(index, status: .firing, at: now, startsAt: now, silence: silence,
                                      message: message + (firing.waiting.map { "; \($0)" } ?? "")))
            } else if watch.state.status == .firing, let recovery = watch.recovery, now >= recovery.since + steadyFor {
                let firedAt = watch.state.firedAt ?? recovery.since
                watches[index].state = RuleState(digest: Self.digest, sequence: watch.state.sequence)
                watches[index].recovery = nil
                changes.append(change(index, status: .resolved, at: now, startsAt: firedAt, silence: recovery.after,
                                      message: "feed \(watch.feed.kind.rawValue) is delivering again after \(recovery.after.wholeSecondsText) of silence (steady for \(steadyFor.text))"))
            }
        }
        return (changes, silenced)
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

    /// When `check` next has something to do: a delivering feed would go stale, or a stale
    /// feed's steady time ends.
    func nextDeadline() -> Timestamp? {
        watches.flatMap { watch in
            [watch.silent ? nil : watch.lastFrameAt + watch.feed.staleAfter,
             watch.state.status == .firing ? watch.recovery.map { $0.since + steadyFor } : nil].compactMap { $0 }
        }.min()
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
