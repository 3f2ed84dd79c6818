import SatwatchBase
import SatwatchState
import Synchronization

/// Gathers a channel's notifications into group messages (`"group"`): the first pending one
/// waits `wait` for others, everything due by then goes out together as one message (a chat or
/// mail message lists what fits and counts the rest), and the channel's next group waits
/// `interval`. The dispatcher fixes each message's members in the outbox (a batch) as it forms,
/// so a retry resends the same message under the same id.
final class GroupStage: Sendable {
    /// The most notifications one group takes from the outbox at a time; a larger burst goes
    /// out as several groups, back to back, without waiting `interval` between them.
    static let maxMembers = 1000

    private let timings: [String: GroupTiming]
    /// Per channel, when its last group formed, and whether the outbox had more than it took.
    private let formed = Mutex<[String: (at: Timestamp, full: Bool)]>([:])

    init(timings: [String: GroupTiming]) { self.timings = timings }

    /// The channel's timing; nil when it does not group.
    func timing(for channel: String) -> GroupTiming? { timings[channel] }

    /// When a group led by `head` may form on `channel`: `wait` after the head was queued, and
    /// `interval` after the channel's last group unless that one left a burst behind.
    func due(_ head: OutboxEntry, channel: String, timing: GroupTiming) -> Timestamp {
        let waited = head.createdAt + timing.wait
        guard let last = formed.withLock({ $0[channel] }), !last.full else { return waited }
        return max(waited, last.at + timing.interval)
    }

    /// Notes that a group formed on `channel` at `now`; `full` when it took `maxMembers`.
    func didForm(on channel: String, at now: Timestamp, full: Bool) {
        formed.withLock { $0[channel] = (now, full) }
    }
}
