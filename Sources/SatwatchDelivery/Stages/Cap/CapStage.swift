import SatwatchBase
import SatwatchState

/// `"max_per_hour": N` on a channel: at most N messages in any hour. A message beyond the cap is
/// not sent; its notifications are kept as `capped` (listed by `history`, counted by
/// `satwatch_notifications_kept_total{reason="capped"}`), and the resolve of a capped firing
/// goes with it. Unlike a rate limit, which makes a burst wait, a cap is for a receiver that
/// must never get more (a paid SMS gateway, a pager).
///
/// It counts what the receiver got, as the state file has it (`DeliveryStateReading.sentMessageCount`):
/// a failed attempt spends nothing of the cap (its retry must still go), and the count survives
/// a reload and a restart, which make a new stage.
struct CapStage: DeliveryStage, DeliveryStageKind {
    /// What a capped notification ends as.
    static let capped = OutboxState(rawValue: "capped")

    let caps: [String: Int]

    /// A channel's `"max_per_hour"`: a whole number from 1.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> Int? {
        guard let number = object.number("max_per_hour") else { return nil }
        guard number >= 1, number <= 1_000_000, number.rounded() == number else {
            object.report("max_per_hour", "\"max_per_hour\" must be a whole number from 1 to 1000000")
            return nil
        }
        return Int(number)
    }

    static func make(_ context: StageContext<Int>) -> (any DeliveryStage)? {
        context.settings.isEmpty ? nil : CapStage(caps: context.settings)
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        guard let cap = caps[pass.channel], !pass.entries.isEmpty else { return }
        guard try state.sentMessageCount(channel: pass.channel, since: pass.now - .hours(1)) >= cap else { return }
        for entry in pass.entries { pass.keep(entry, as: Self.capped, reason: "over max_per_hour \(cap)") }
    }
}
