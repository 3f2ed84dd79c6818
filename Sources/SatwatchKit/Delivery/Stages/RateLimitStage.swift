import Synchronization

/// Keeps each channel within its rate limit: a burst waits its turn, in order, and is never
/// dropped. The last stage before sending: a message it lets through is sent at once, so it
/// counts as sent from then (an answer of 429 included: the service saw it).
final class RateLimitStage: DeliveryStage {
    private let limits: [String: RateLimit]
    /// Per channel, when its recent messages went out, oldest first (at most `count` kept).
    private let sent = Mutex<[String: [Timestamp]]>([:])

    init(limits: [String: RateLimit]) { self.limits = limits }

    func decide(_ entry: OutboxEntry, channel: String, at now: Timestamp) async throws -> StageDecision {
        guard let limit = limits[channel] else { return .pass }
        return sent.withLock { sent in
            var times = sent[channel, default: []].filter { now - $0 < limit.per }
            if times.count >= limit.count { return .wait(until: times[0] + limit.per) }
            times.append(now)
            sent[channel] = times
            return .pass
        }
    }
}
