import SatwatchBase
import SatwatchState

/// Keeps silenced notifications from channels (`satwatch silence add`), and keeps a resolve with
/// its firing (one silenced or muted on a channel takes its resolve along). It reads the state
/// file's silences for each entry, so a silence added or expired while the worker runs applies
/// to the next entry due, within a second.
struct SilenceStage: DeliveryStage {
    let store: DeliveryStore

    func decide(_ entry: OutboxEntry, channel: String, at now: Timestamp) async throws -> StageDecision {
        try await store.silenceDecision(for: entry, channel: channel, at: now)
    }
}
