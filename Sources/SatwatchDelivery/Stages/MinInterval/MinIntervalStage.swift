import SatwatchBase
import SatwatchState

/// `"min_interval": "10m"` on a channel: at most one message about an alert per interval, counted
/// from the last message its receiver got about it. Inside the interval:
/// - a firing (a first one or a re-firing after a resolve) is held until the interval ends; when
///   it ends, the channel hears the alert's latest state only: a firing queued inside it with a
///   later entry of its alert behind it is kept as `throttled` and takes its resolve along (a
///   flap inside the interval sends nothing, and the receiver already heard it resolved);
/// - a reminder is kept as `throttled` at once: it says nothing the receiver did not hear within
///   the interval, and held it would make the alert's resolve wait behind it;
/// - a resolve goes at once: it is the news an Alertmanager user waits for.
///
/// It counts what the receiver got, as the state file has it, so a reload or a restart keeps the
/// interval.
struct MinIntervalStage: DeliveryStage, DeliveryStageKind {
    /// What a superseded held entry ends as.
    static let throttled = OutboxState(rawValue: "throttled")
    /// The longest interval a channel may set.
    static let longest = TimeSpan.hours(24)

    let intervals: [String: TimeSpan]

    /// A channel's `"min_interval"`: a duration from 1s to 24h.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> TimeSpan? {
        guard let span = object.span("min_interval") else { return nil }
        guard span >= .seconds(1), span <= longest else {
            object.report("min_interval", "\"min_interval\" must be from 1s to 24h")
            return nil
        }
        return span
    }

    static func make(_ context: StageContext<TimeSpan>) -> (any DeliveryStage)? {
        context.settings.isEmpty ? nil : MinIntervalStage(intervals: context.settings)
    }

    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws {
        guard let interval = intervals[pass.channel] else { return }
        for entry in pass.entries where pass.isGoing(entry) && entry.notification.status == .firing {
            guard let last = try lastSent(of: entry.notification.rule, on: pass.channel, state: state) else { continue }
            let ends = last + interval
            if entry.notification.isReminder {
                if pass.now < ends { pass.keep(entry, as: Self.throttled, reason: "reminder within min_interval \(interval.text)") }
            } else if pass.now < ends {
                pass.hold(entry, until: ends, kind: .minInterval, reason: "within min_interval \(interval.text)")
            } else if entry.createdAt < ends, try state.hasLaterPending(than: entry, channel: pass.channel) {
                pass.keep(entry, as: Self.throttled, reason: "superseded within min_interval \(interval.text)")
            }
        }
    }

    /// When `channel`'s receiver last got a message about `alert`; nil when it never did.
    func lastSent(of alert: String, on channel: String, state: any DeliveryStateReading) throws -> Timestamp? {
        // An alert's entries reach a channel in queue order, so its last sent one has the highest id.
        try state.read("""
            SELECT updated_at FROM outbox WHERE channel = ?1 AND state = 'sent' AND alert = ?2 ORDER BY id DESC LIMIT 1
            """, [.text(channel), .text(alert)]) { $0.timestamp(0) }.first
    }
}

extension HoldKind {
    /// An alert's entry waits out its channel's `min_interval`.
    static let minInterval = HoldKind(rawValue: "min_interval")
}
