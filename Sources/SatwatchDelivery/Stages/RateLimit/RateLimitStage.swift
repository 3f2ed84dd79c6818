import SatwatchBase
import SatwatchState
import Synchronization

/// Keeps each channel within its rate limits (every one of them: Telegram's one a second and 20
/// a minute to a group): a burst waits its turn, in order, and is never dropped. It counts
/// messages, so a group counts once, from when it is sent (an answer of 429 included: the
/// service saw it). The channel's own service limits apply unless its `"rate"` overrides them.
final class RateLimitStage: DeliveryStage, DeliveryStageKind {
    private let limits: [String: [RateLimit]]
    /// Per channel, when its recent messages went out, oldest first: those within its longest
    /// window.
    private let sent = Mutex<[String: [Timestamp]]>([:])

    init(limits: [String: [RateLimit]]) { self.limits = limits }

    /// A channel's `"rate"`: `"1/s"`, `"5/2s"`, `"20/1m"`.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> RateLimit? {
        guard let text = object.string("rate") else { return nil }
        guard let rate = RateLimit(parsing: text) else {
            object.report("rate", "invalid rate \"\(text)\" (messages per duration, e.g. \"1/s\", \"5/2s\", \"20/1m\")")
            return nil
        }
        return rate
    }

    static func make(_ context: StageContext<RateLimit>) -> (any DeliveryStage)? {
        let limits = limits(channels: context.channels, overrides: context.settings)
        return limits.isEmpty ? nil : RateLimitStage(limits: limits)
    }

    /// Each channel's limits: its `"rate"`, else its service's own.
    static func limits(channels: [String: any Channel], overrides: [String: RateLimit]) -> [String: [RateLimit]] {
        let own = channels.mapValues(\.rateLimits).filter { !$0.value.isEmpty }
        return own.merging(overrides.mapValues { [$0] }) { _, override in override }
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        guard !pass.entries.isEmpty, let free = nextFree(pass.channel, at: pass.now) else { return }
        pass.waitChannel(until: free, kind: .rate)
    }

    func sending(_ entries: [OutboxEntry], on channel: String, at now: Timestamp) {
        guard let longest = limits[channel]?.map(\.per).max() else { return }
        sent.withLock { $0[channel] = $0[channel, default: []].filter { now - $0 < longest } + [now] }
    }

    /// Nil when a message may go to `channel` at `now`, else when every one of its windows has room.
    func nextFree(_ channel: String, at now: Timestamp) -> Timestamp? {
        guard let limits = limits[channel] else { return nil }
        let times = sent.withLock { $0[channel, default: []] }
        // A full window has room again once the oldest message that fills it leaves it.
        return limits.compactMap { limit -> Timestamp? in
            let inWindow = times.filter { now - $0 < limit.per }
            return inWindow.count >= limit.count ? inWindow[inWindow.count - limit.count] + limit.per : nil
        }.max()
    }
}

extension HoldKind {
    /// A channel waits for room within its rate limits.
    static let rate = HoldKind(rawValue: "rate")
}
