import SatwatchBase
import Synchronization

/// Keeps each channel within its rate limits (every one of them: Telegram's one a second and 20
/// a minute to a group): a burst waits its turn, in order, and is never dropped. It counts
/// messages, so a group counts once. The last stage before sending: a message it lets through is
/// sent at once, so it counts as sent from then (an answer of 429 included: the service saw it).
final class RateLimitStage: Sendable {
    private let limits: [String: [RateLimit]]
    /// Per channel, when its recent messages went out, oldest first: those within its longest
    /// window (at most that limit's `count`).
    private let sent = Mutex<[String: [Timestamp]]>([:])

    init(limits: [String: [RateLimit]]) { self.limits = limits }

    /// Nil when a message may go to `channel` at `now` (counted as sent), else the time of the
    /// channel's next free slot: when every one of its windows has room.
    func admit(_ channel: String, at now: Timestamp) -> Timestamp? {
        guard let limits = limits[channel], let longest = limits.map(\.per).max() else { return nil }
        return sent.withLock { sent in
            let times = sent[channel, default: []].filter { now - $0 < longest }
            // A full window has room again once the oldest message that fills it leaves it.
            let free = limits.compactMap { limit -> Timestamp? in
                let inWindow = times.filter { now - $0 < limit.per }
                return inWindow.count >= limit.count ? inWindow[inWindow.count - limit.count] + limit.per : nil
            }.max()
            sent[channel] = free == nil ? times + [now] : times
            return free
        }
    }
}
