import Synchronization

/// Keeps each channel within its rate limit: a burst waits its turn, in order, and is never
/// dropped. It counts messages, so a group counts once. The last stage before sending: a message
/// it lets through is sent at once, so it counts as sent from then (an answer of 429 included:
/// the service saw it).
final class RateLimitStage: Sendable {
    private let limits: [String: RateLimit]
    /// Per channel, when its recent messages went out, oldest first (at most `count` kept).
    private let sent = Mutex<[String: [Timestamp]]>([:])

    init(limits: [String: RateLimit]) { self.limits = limits }

    /// Nil when a message may go to `channel` at `now` (counted as sent), else the time of the
    /// channel's next free slot.
    func admit(_ channel: String, at now: Timestamp) -> Timestamp? {
        guard let limit = limits[channel] else { return nil }
        return sent.withLock { sent in
            var times = sent[channel, default: []].filter { now - $0 < limit.per }
            if times.count >= limit.count { return times[0] + limit.per }
            times.append(now)
            sent[channel] = times
            return nil
        }
    }
}
