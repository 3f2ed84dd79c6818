import SatwatchBase
import SatwatchState
import Synchronization

/// Makes each message of a channel: on a channel with `"group"`, the first entry that may go
/// waits `wait` for others, then everything that may go by then goes out together as one
/// message (a chat or mail message lists what fits and counts the rest), and the channel's next
/// group waits `interval` (the channel waits meanwhile: its group's wait concerns all of it). On
/// any other channel a message is one entry. A formed group is fixed in the outbox (a batch), so
/// a retry resends the same message under the same id.
final class GroupStage: DeliveryStage, DeliveryStageKind {
    /// The most notifications one group takes from the outbox at a time; a larger burst goes
    /// out as several groups, back to back, without waiting `interval` between them.
    static let maxMembers = 1000

    private let timings: [String: GroupTiming]
    /// Per channel, when its last group formed, and whether it took as many as a group can.
    private let formed = Mutex<[String: (at: Timestamp, full: Bool)]>([:])

    init(timings: [String: GroupTiming]) { self.timings = timings }

    /// A channel's `"group"`.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> GroupTiming? {
        object.groupTiming()
    }

    static func make(_ context: StageContext<GroupTiming>) -> (any DeliveryStage)? {
        GroupStage(timings: context.settings)
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        guard let first = pass.entries.first else { return }
        // A formed group goes again as it was (the dispatcher passes its members alone).
        if let batch = first.batch, pass.entries.allSatisfy({ $0.batch == batch }) { return }
        guard let timing = timing(for: pass.channel) else { return pass.limit(to: 1) }
        let due = due(first, channel: pass.channel, timing: timing)
        if due > pass.now { return pass.waitChannel(until: due, kind: .group) }
        pass.limit(to: Self.maxMembers)
        pass.formsGroup = true
    }

    func messageLimit(on channel: String) -> Int? { timings[channel] == nil ? 1 : Self.maxMembers }

    func sending(_ entries: [OutboxEntry], on channel: String, at now: Timestamp) {
        guard timings[channel] != nil else { return }
        didForm(on: channel, at: now, full: entries.count >= Self.maxMembers)
    }

    /// The channel's timing; nil when it does not group.
    func timing(for channel: String) -> GroupTiming? { timings[channel] }

    /// Notes that a group formed on `channel` at `now`; `full` when it took `maxMembers`.
    func didForm(on channel: String, at now: Timestamp, full: Bool) {
        formed.withLock { $0[channel] = (now, full) }
    }

    /// When a group led by `head` may form on `channel`: `wait` after the head was queued, and
    /// `interval` after the channel's last group unless that one left a burst behind.
    func due(_ head: OutboxEntry, channel: String, timing: GroupTiming) -> Timestamp {
        let waited = head.createdAt + timing.wait
        guard let last = formed.withLock({ $0[channel] }), !last.full else { return waited }
        return max(waited, last.at + timing.interval)
    }
}

extension HoldKind {
    /// A channel waits for its group to gather (or for its group interval).
    static let group = HoldKind(rawValue: "group")
}

/// A channel's `"group": {"wait": "10s", "interval": "1m"}`: notifications that arrive within
/// `wait` of the first go out as one message, and a channel that has just sent a group waits
/// `interval` before the next. Alertmanager's `group_wait` and `group_interval`, and its defaults.
package struct GroupTiming: Sendable, Equatable {
    /// How long the first notification of a group waits for others.
    package var wait: TimeSpan
    /// The least time between two group messages of the channel.
    package var interval: TimeSpan

    /// Alertmanager's `group_wait` default.
    package static let defaultWait = TimeSpan.seconds(30)
    /// Alertmanager's `group_interval` default.
    package static let defaultInterval = TimeSpan.minutes(5)

    /// Creates a timing.
    package init(wait: TimeSpan = defaultWait, interval: TimeSpan = defaultInterval) {
        self.wait = wait
        self.interval = interval
    }
}

extension ConfigObject {
    /// `"group"`: an object with `wait` and `interval` (each optional, 0s allowed, at most a day).
    package mutating func groupTiming() -> GroupTiming? {
        guard var group = object("group") else { return nil }
        var timing = GroupTiming()
        for (key, path) in [("wait", \GroupTiming.wait), ("interval", \GroupTiming.interval)] {
            guard let span = group.span(key) else { continue }
            if span.milliseconds < 0 || span > .hours(24) {
                group.report(key, "\"\(key)\" must be from 0s to 24h")
            } else {
                timing[keyPath: path] = span
            }
        }
        group.finish()
        return timing
    }
}
