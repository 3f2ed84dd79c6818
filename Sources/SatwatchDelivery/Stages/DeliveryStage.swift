import SatwatchBase
import SatwatchState

/// A step between the outbox and a channel that looks at each entry on its own before it is
/// sent, and lets it through or keeps it from the channel (silences, quiet hours). These run in
/// `Dispatcher.stages` order; then grouping (`GroupStage`) makes messages of what passed, the
/// rate limit (`RateLimitStage`) paces them, and sending with retries stays the dispatcher's own
/// last step, shared by every channel.
protocol DeliveryStage: Sendable {
    /// What to do with `entry`, due on `channel` at `now`.
    func decide(_ entry: OutboxEntry, channel: String, at now: Timestamp) async throws -> StageDecision
}

/// A stage's verdict on an entry.
enum StageDecision: Sendable, Equatable {
    /// On to the next stage, and to the channel.
    case pass
    /// Not sent, recorded as silenced with why.
    case silence(reason: String)
    /// Not sent, recorded as muted with why.
    case mute(reason: String)
    /// Not yet: kept pending, due again at `until` (the end of a quiet window).
    case hold(until: Timestamp)
}

/// A stage's "not yet" that records nothing (a group still gathering, a rate limit): the worker
/// waits until `until`, then tries its head again.
struct StageWait: Error {
    let until: Timestamp
}
