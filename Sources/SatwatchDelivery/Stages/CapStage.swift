import SatwatchBase
import SatwatchState
import Synchronization

/// `"max_per_hour": N` on a channel: at most N messages in any hour. A message beyond the cap is
/// not sent; its notifications are kept as `capped` (listed by `history`, counted by
/// `satwatch_notifications_kept_total{reason="capped"}`), and the resolve of a capped firing
/// goes with it. Unlike a rate limit, which makes a burst wait, a cap is for a receiver that
/// must never get more (a paid SMS gateway, a pager).
final class CapStage: DeliveryStage, DeliveryStageKind {
    /// What a capped notification ends as.
    static let capped = OutboxState(rawValue: "capped")

    private let caps: [String: Int]
    /// Per channel, when its messages of the last hour went out.
    private let sent = Mutex<[String: [Timestamp]]>([:])

    init(caps: [String: Int]) { self.caps = caps }

    /// A channel's `"max_per_hour"`: a whole number from 1.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> (any Sendable)? {
        guard let number = object.number("max_per_hour") else { return nil }
        guard number >= 1, number <= 1_000_000, number.rounded() == number else {
            object.report("max_per_hour", "\"max_per_hour\" must be a whole number from 1 to 1000000")
            return nil
        }
        return Int(number)
    }

    static func make(_ context: StageContext) -> (any DeliveryStage)? {
        let caps = context.settings.compactMapValues { $0 as? Int }
        return caps.isEmpty ? nil : CapStage(caps: caps)
    }

    func apply(to pass: inout StagePass, store: isolated DeliveryStore) throws {
        guard let cap = caps[pass.channel], !pass.entries.isEmpty else { return }
        let recent = sent.withLock { $0[pass.channel, default: []].filter { pass.now - $0 < .hours(1) } }
        guard recent.count >= cap else { return }
        for entry in pass.entries { pass.keep(entry, as: Self.capped, reason: "over max_per_hour \(cap)") }
    }

    func sending(_ entries: [OutboxEntry], on channel: String, at now: Timestamp) {
        guard caps[channel] != nil else { return }
        sent.withLock { $0[channel] = $0[channel, default: []].filter { now - $0 < .hours(1) } + [now] }
    }
}
