import SatwatchBase
import SatwatchState

/// One step between the outbox and a channel. The dispatcher hands every stage, in
/// `DeliveryStages.all` order, the channel's entries that may go now (a `StagePass`). A stage
/// lets entries through; holds one until a time of its own (that entry's alert waits behind it,
/// every other alert goes on); keeps one from the channel for good, saying why; or makes the
/// whole channel wait (a group still gathering, a rate limit). What is left after the last stage
/// goes out as one message; sending with retries is the dispatcher's own last step.
///
/// A new stage is one folder under `Stages/` (its tests in the matching folder under
/// `Tests/SatwatchTests/Delivery/Stages/`): a type conforming to `DeliveryStageKind` that reads
/// its own typed `Settings` and makes this, listed in `DeliveryStages.all`.
///
/// Stages run on the dispatcher's store queue, inside the one step that read the due entries
/// (`DeliveryStore.pass`): a stage that reads the state file (silences, what waits behind an
/// entry) asks `state` directly, its own questions beside it (`DeliveryStateReading.read`). A
/// pass is on the alert path, and each step of its own would be two more thread hops before the
/// message goes.
protocol DeliveryStage: Sendable {
    /// Sorts `pass`: leaves in `pass.entries` what may go on, holds, keeps or waits the rest.
    func apply(to pass: inout StagePass, state: any DeliveryStateReading) throws
    /// The message `entries` is about to be tried on `channel` at `now`, past every stage: a
    /// stage that paces attempts (a rate, a group's interval) counts it here. The attempt may
    /// fail; a stage that counts what the receiver got (a cap) reads the state file instead.
    func sending(_ entries: [OutboxEntry], on channel: String, at now: Timestamp)
    /// The most entries one message on `channel` may carry past this stage; nil when the stage
    /// does not limit it. The dispatcher reads no more due entries than the narrowest stage lets
    /// through, so a channel whose messages are one entry each reads one row a message, not a
    /// group's worth (which made a burst of 10,000 quadratic).
    func messageLimit(on channel: String) -> Int?
}

extension DeliveryStage {
    func sending(_ entries: [OutboxEntry], on channel: String, at now: Timestamp) {}
    func messageLimit(on channel: String) -> Int? { nil }
}

/// A kind of delivery stage: its settings of a channel, where they come from and how it is made,
/// for every config.
protocol DeliveryStageKind: SendableMetatype {
    /// What one channel sets for this stage (`Never`: the stage has no channel settings).
    associatedtype Settings: Sendable = Never
    /// Reads this stage's settings of one channel from the channel's config object (its own keys,
    /// problems reported in place); nil when the channel sets none.
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> Settings?
    /// The stage for a config; nil when it has nothing to do there.
    static func make(_ context: StageContext<Settings>) -> (any DeliveryStage)?
}

extension DeliveryStageKind {
    static func readChannel(_ object: inout ConfigObject, intervals: KnownTimeIntervals) -> Settings? { nil }

    /// The key its settings are filed under in a `DeliveryPlan`.
    static var planKey: String { String(describing: Self.self) }
}

/// What a stage kind is made with.
struct StageContext<Settings: Sendable>: Sendable {
    /// This kind's settings, by channel (what its `readChannel` returned).
    let settings: [String: Settings]
    /// The plan it belongs to (the config's named time intervals, the rules' quiet hours).
    let plan: DeliveryPlan
    /// The configured channels, by name (their services' own limits).
    let channels: [String: any Channel]
}

/// The entries of one channel on their way through the stages, and what the stages decided.
struct StagePass: Sendable {
    /// A stage's reason to hold an entry: until when, what kind (`muted`, …) and why in words.
    struct Hold: Sendable, Equatable {
        var until: Timestamp
        var kind: HoldKind
        var reason: String
    }

    /// A stage's reason to keep an entry from the channel: the state it ends in and why.
    struct Keep: Sendable, Equatable {
        var state: OutboxState
        var reason: String
    }

    /// A stage's reason to hold the whole channel: nothing goes to it before `until`.
    struct ChannelWait: Sendable, Equatable {
        var until: Timestamp
        var kind: HoldKind
    }

    /// The channel.
    let channel: String
    /// The time the pass is made at, on the worker's steady timeline (waits, ages, paces).
    let now: Timestamp
    /// Wall time minus steady time (`ProcessClock.offset`): calendar things (quiet hours,
    /// silences) are decided on the wall clock.
    let wallOffset: TimeSpan
    /// The entries still going, in queue order.
    private(set) var entries: [OutboxEntry]
    /// The entries held, with why.
    private(set) var held: [(entry: OutboxEntry, hold: Hold)] = []
    /// The entries kept from the channel, with why.
    private(set) var kept: [(entry: OutboxEntry, keep: Keep)] = []
    /// When set, nothing goes to the channel before it.
    private(set) var channelWait: ChannelWait?
    /// Set by the stage that makes a group message of what is left: the dispatcher fixes its
    /// members in the outbox (a batch), so a retry resends the same message.
    var formsGroup = false

    init(channel: String, now: Timestamp, wallOffset: TimeSpan = .zero, entries: [OutboxEntry]) {
        self.channel = channel
        self.now = now
        self.wallOffset = wallOffset
        self.entries = entries
    }

    /// What the wall clock says at the pass.
    var wallNow: Timestamp { now + wallOffset }

    /// What the wall clock said at the steady time `steady` (when an entry was queued, say).
    func wall(at steady: Timestamp) -> Timestamp { steady + wallOffset }

    /// The steady time at which the wall clock reads `wall` (when a quiet window ends).
    func steady(atWall wall: Timestamp) -> Timestamp { wall - wallOffset }

    /// Holds `entry` until `until`; the later entries of its alert stay behind it (an alert's
    /// entries reach the channel in order), every other alert goes on.
    mutating func hold(_ entry: OutboxEntry, until: Timestamp, kind: HoldKind, reason: String) {
        guard isGoing(entry) else { return }
        held.append((entry, Hold(until: until, kind: kind, reason: reason)))
        let alert = entry.notification.rule
        entries.removeAll { $0.id == entry.id || ($0.notification.rule == alert && $0.id > entry.id) }
    }

    /// Keeps `entry` from the channel for good, ending in `state` (`silenced`, `muted`, …). A
    /// firing's resolve in the pass goes with it (a resolve is sent only where its firing was).
    mutating func keep(_ entry: OutboxEntry, as state: OutboxState, reason: String) {
        guard isGoing(entry) else { return }
        kept.append((entry, Keep(state: state, reason: reason)))
        entries.removeAll { $0.id == entry.id }
        let firing = entry.notification
        guard firing.status == .firing, !firing.isReminder else { return }
        for resolve in entries where resolve.notification.status == .resolved && resolve.notification.rule == firing.rule
            && resolve.notification.startsAt == firing.startsAt {
            keep(resolve, as: state, reason: "its firing was \(state)")
        }
    }

    /// Whether `entry` is still going (no stage held or kept it yet).
    func isGoing(_ entry: OutboxEntry) -> Bool { entries.contains { $0.id == entry.id } }

    /// Holds the whole channel until `until` (the latest of several waits wins).
    mutating func waitChannel(until: Timestamp, kind: HoldKind) {
        if channelWait.map({ $0.until < until }) ?? true { channelWait = ChannelWait(until: until, kind: kind) }
    }

    /// Lets only the first `count` of the entries still going make this message; the others stay
    /// pending, untouched, for the next one.
    mutating func limit(to count: Int) {
        if entries.count > count { entries.removeLast(entries.count - count) }
    }

    /// The holds new to their entries: a later pass inside the same window finds its entry held
    /// until the same time already, and neither records nor logs it again.
    var newHolds: [(entry: OutboxEntry, hold: Hold)] { held.filter { $0.entry.heldUntil != $0.hold.until } }

    /// What the outbox must remember of this pass: each new hold, and every keep.
    var records: [(DeliveryRecord, OutboxEntry)] {
        newHolds.map { (DeliveryRecord.held(until: $0.hold.until, kind: $0.hold.kind, at: now), $0.entry) }
            + kept.map { (DeliveryRecord.kept($0.keep.state, reason: $0.keep.reason, at: now), $0.entry) }
    }
}
