/// Keeps silenced notifications from channels (`satwatch silence add`). It reads the state
/// file's silences for each entry, so a silence added or expired while the worker runs applies
/// to the next entry due, within a second.
struct SilenceStage: DeliveryStage {
    let store: DeliveryStore

    func decide(_ entry: OutboxEntry, channel: String, at now: Timestamp) async throws -> StageDecision {
        try await store.silenceReason(for: entry, channel: channel, at: now).map { .silence(reason: $0) } ?? .pass
    }
}
