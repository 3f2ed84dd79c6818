import SatwatchBase
import SatwatchState

/// Keeps silenced notifications from channels (`satwatch silence`), and keeps a resolve with its
/// firing (one silenced or muted on a channel takes its resolve along). It reads the state file's
/// silences at each pass, so a silence added or expired while the worker runs applies to the next
/// entry due, within a second.
struct SilenceStage: DeliveryStage, DeliveryStageKind {
    static func make(_ context: StageContext) -> (any DeliveryStage)? { SilenceStage() }

    func apply(to pass: inout StagePass, store: isolated DeliveryStore) throws {
        for entry in pass.entries where pass.isGoing(entry) {
            if let keep = try store.silenceDecision(for: entry, channel: pass.channel, at: pass.wallNow) {
                pass.keep(entry, as: keep.state, reason: keep.reason)
            }
        }
    }
}
