import SatwatchBase
import SatwatchState
import Synchronization

/// Keeps silenced notifications from channels (`satwatch silence`), and keeps a resolve with its
/// firing (one silenced or muted on a channel takes its resolve along). It reads the state file's
/// silences at each pass, so a silence added or expired while the worker runs applies to the next
/// entry due, within a second.
final class SilenceStage: DeliveryStage, DeliveryStageKind {
    /// The last read of the silence table, and the time it was read for.
    private let lastRead = Mutex<(at: Timestamp, silences: [Silence])?>(nil)

    static func make(_ context: StageContext<Never>) -> (any DeliveryStage)? { SilenceStage() }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        for entry in pass.entries where pass.isGoing(entry) {
            if let keep = try decision(for: entry, channel: pass.channel, at: pass.wallNow, state: state) {
                pass.keep(entry, as: keep.state, reason: keep.reason)
            }
        }
    }

    /// Why `entry` may not go to `channel` as far as silences go; nil when it may. A resolve
    /// follows what became of its firing on that channel (heard, the firing or a reminder of it
    /// sent: sent, whatever silences say now; else kept the way the firing was); anything else is
    /// silenced while an active silence matches it.
    func decision(for entry: OutboxEntry, channel: String, at now: Timestamp, state: any DeliveryStateReading) throws -> StagePass.Keep? {
        let notification = entry.notification
        if notification.status == .resolved, let firing = try state.firingOutcome(of: notification, channel: channel) {
            return firing.isKept ? StagePass.Keep(state: firing, reason: "its firing was \(firing)") : nil
        }
        guard let silence = try silences(at: now, state: state).first(where: { $0.isActive(at: now) && $0.matches(notification) }) else {
            return nil
        }
        return StagePass.Keep(state: .silenced, reason: "silenced by \(silence.id)" + (silence.comment.isEmpty ? "" : " (\(silence.comment))"))
    }

    /// The silences not ended at `now`, read once per `now`: the members of a group are judged
    /// at one time, and a thousand of them need not read the table a thousand times. A later
    /// pass has a later `now`, so a silence added meanwhile is seen.
    private func silences(at now: Timestamp, state: any DeliveryStateReading) throws -> [Silence] {
        if let read = lastRead.withLock({ $0 }), read.at == now { return read.silences }
        let silences = try state.unendedSilences(at: now)
        lastRead.withLock { $0 = (now, silences) }
        return silences
    }
}
