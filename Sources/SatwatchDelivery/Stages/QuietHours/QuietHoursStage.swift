import SatwatchBase
import SatwatchState

/// Holds notifications during quiet hours (`mute_during`, `active_during` on a channel or a
/// rule). A rule's window holds that rule's entries only; a channel's holds every entry of the
/// channel. When the window ends, the channel hears the alert's latest state only: a held entry
/// with a later one of the same rule behind it is kept as muted (a firing that resolved meanwhile
/// sends nothing, and its resolve follows it through the silence stage, which keeps every
/// resolve with its firing).
struct QuietHoursStage: DeliveryStage, DeliveryStageKind {
    let quiet: QuietHours

    /// A channel's `mute_during` / `active_during`.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> TimeIntervalSchedule? {
        object.quietHours(known: intervals)
    }

    static func make(_ context: StageContext<TimeIntervalSchedule>) -> (any DeliveryStage)? {
        let quiet = QuietHours(intervals: context.plan.intervals, channels: context.settings, rules: context.plan.ruleQuiet)
        return quiet.isEmpty ? nil : QuietHoursStage(quiet: quiet)
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        for entry in pass.entries where pass.isGoing(entry) {
            let rule = entry.notification.rule
            // Windows are on the wall clock; the hold, like every wait, on the steady one.
            if quiet.isMuted(channel: pass.channel, rule: rule, at: pass.wallNow) {
                let until = quiet.releaseTime(channel: pass.channel, rule: rule, after: pass.wallNow)
                pass.hold(entry, until: pass.steady(atWall: until), kind: .muted,
                          reason: quiet.isMuted(channel: pass.channel, at: pass.wallNow) ? "channel muted" : "rule muted")
                continue
            }
            // Held itself, or queued in the window behind a held entry (an alert's entries go in order).
            let waitedOutWindow = entry.heldUntil != nil
                || quiet.isMuted(channel: pass.channel, rule: rule, at: pass.wall(at: entry.createdAt))
            if waitedOutWindow, try state.hasLaterPending(than: entry, channel: pass.channel) {
                pass.keep(entry, as: .muted, reason: "superseded while muted")
            }
        }
    }
}

extension HoldKind {
    /// An entry waits out a quiet window.
    static let muted = HoldKind(rawValue: "muted")
}
