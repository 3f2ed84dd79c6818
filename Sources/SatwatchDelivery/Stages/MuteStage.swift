import SatwatchBase
import SatwatchState

/// Holds notifications during quiet hours (`mute_during`, `active_during`). When the window
/// ends, the channel hears the alert's latest state only: a held entry with a later one of the
/// same rule behind it on the channel is muted (a firing that resolved meanwhile sends nothing,
/// and its resolve follows it through the silence stage, which keeps every resolve with its firing).
struct MuteStage: DeliveryStage {
    let quiet: QuietHours
    let store: DeliveryStore

    func decide(_ entry: OutboxEntry, channel: String, at now: Timestamp) async throws -> StageDecision {
        let rule = entry.notification.rule
        if quiet.isMuted(channel: channel, rule: rule, at: now) {
            return .hold(until: quiet.releaseTime(channel: channel, rule: rule, after: now))
        }
        // Held itself, or queued in the window behind a held entry (a channel delivers in order).
        let waitedOutWindow = entry.heldUntil != nil || quiet.isMuted(channel: channel, rule: rule, at: entry.createdAt)
        if waitedOutWindow, try await store.hasLaterPending(than: entry, channel: channel) {
            return .mute(reason: "superseded while muted")
        }
        return .pass
    }
}
