import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// The evaluation path in one place: a frame → its feed's decoder → samples → the rule engine,
/// with the feeds' staleness (a silent feed's `feed-stale:` alert, which pauses its rules).
/// `replay` drives it over a recording; the daemon drives it from live feeds: both decide alike.
package struct FrameEvaluator: Sendable {
    /// The engine (rules and their states).
    package private(set) var engine: RuleEngine
    /// The feeds' `feed-stale:` alerts.
    private(set) var stale: FeedStaleMonitor
    private var decoders: [FeedKind: any FrameDecoder]
    /// Frames skipped per feed and reason.
    package private(set) var skipped: [FeedKind: [SkipReason: Int]] = [:]
    /// What notifications about the mempool feed's watched coins say of them; nil without a watch.
    private let chainNotes: ChainNotes?
    /// Each feed's bounds on the times its samples claim (its `stale_after`).
    private let timeBounds: [FeedKind: SampleTimeBounds]
    /// When each feed last sent a frame that shows it delivering now (see `heardCurrent`).
    private var currentFrameTimes: [FeedKind: Timestamp] = [:]
    /// The feeds whose newest data was all stale: until they send current data, no frame of
    /// theirs shows them delivering.
    private var outdated: Set<FeedKind> = []
    /// Samples per feed stamped further ahead than the tolerance, and stale ones (see
    /// `SampleTimeBounds`).
    package private(set) var outOfTime: [FeedKind: (future: Int, stale: Int)] = [:]

    /// Creates an evaluator for `feeds` over `engine`, watching each feed for silence from `now`
    /// (their stale alerts' `saved` states taken up: a feed stale before a restart still is).
    package init(engine: RuleEngine, feeds: [FeedConfig], saved: [String: RuleState] = [:], now: Timestamp) {
        self.engine = engine
        self.engine.dailySources = FeedKinds.dailySources
        stale = FeedStaleMonitor(feeds: feeds, channels: engine.defaultChannels, commonLabels: engine.commonLabels,
                                 saved: saved, now: now)
        for kind in stale.staleFeeds { self.engine.setFeed(kind.rawValue, stale: true) }
        self.decoders = Dictionary(uniqueKeysWithValues: feeds.map { ($0.kind, $0.makeDecoder()) })
        chainNotes = feeds.first { $0.kind == .mempool }.flatMap { ChainNotes(settings: $0.settings(MempoolSettings.self), url: $0.url) }
        timeBounds = Dictionary(uniqueKeysWithValues: feeds.map { ($0.kind, SampleTimeBounds(staleAfter: $0.staleAfter)) })
    }

    /// Decodes the frame and bounds its samples' times (see `SampleTimeBounds`); then, when it
    /// shows its feed delivering now, lets the feed's rules act again if it was stale (its
    /// `feed-stale:` alert resolves once the feed is steady: `advance`); lets time pass to the
    /// frame's time and evaluates its samples.
    package mutating func process(_ frame: RecordedFrame) -> ProcessedFrame {
        if decoders[frame.feed] == nil { decoders[frame.feed] = FeedConfig(kind: frame.feed).makeDecoder() }
        let rejectedBefore = decoders[frame.feed]!.rejectedFields
        // A feed stamps its data on the wall clock, so it is decoded and bounded at the wall time
        // of its receipt, and its samples are then moved onto the steady timeline the engine runs
        // on (the same instant unless the wall clock stepped; see `labelOffset`).
        let receivedOnWall = frame.at + labelOffset
        // Decoded in place: stateful decoders (Coin Metrics' 200 days of prices) are not copied.
        var outcome = decoders[frame.feed]!.decode(frame.text, at: receivedOnWall)
        let rejected = decoders[frame.feed]!.rejectedFields - rejectedBefore
        var bounded = BoundedSamples()
        if case .samples(let samples) = outcome {
            let bounds = timeBounds[frame.feed] ?? SampleTimeBounds(staleAfter: FeedConfig(kind: frame.feed).staleAfter)
            bounded = bounds.bound(samples, receivedAt: receivedOnWall)
            // Only after a step: a frame is otherwise on both clocks at once and is not copied.
            if labelOffset != .zero { bounded.samples = bounded.samples.map { $0.onSteadyTimeline(offset: labelOffset) } }
            outcome = .samples(bounded.samples)
            if bounded.future > 0 || bounded.stale > 0 {
                let counted = outOfTime[frame.feed] ?? (0, 0)
                outOfTime[frame.feed] = (counted.future + bounded.future, counted.stale + bounded.stale)
            }
        }
        let isCurrent = heardCurrent(frame, bounded)
        if isCurrent, stale.frameArrived(frame.feed, at: frame.at) {
            engine.setFeed(frame.feed.rawValue, stale: false)
        }
        var changes = engine.advance(to: frame.at)
        switch outcome {
        case .samples(let samples):
            for sample in samples { changes += engine.ingest(sample) }
            // Derived metrics computed from these samples are published like the feed's own.
            let derived = engine.takeDerivedSamples()
            if !derived.isEmpty { outcome = .samples(samples + derived) }
        case .liveness: break
        case .skipped(let reason): skipped[frame.feed, default: [:]][reason, default: 0] += 1
        }
        return ProcessedFrame(outcome: outcome, changes: annotated(changes), rejectedFields: rejected,
                              futureSamples: bounded.future, staleSamples: bounded.stale, isCurrent: isCurrent)
    }

    /// Whether `frame`, whose samples were `bounded`, shows its feed delivering now: not when
    /// its data was all stale, nor, after such a frame, until the feed sends current data again
    /// (a heartbeat, or a poll that finds nothing new, says nothing about the data's age). A
    /// frame that does not decode still shows the feed alive, as before. Remembers the time
    /// of each frame that does (see `lastCurrentFrame(of:)`).
    private mutating func heardCurrent(_ frame: RecordedFrame, _ bounded: BoundedSamples) -> Bool {
        if bounded.isOnlyStale {
            outdated.insert(frame.feed)
        } else if bounded.samples.contains(where: { !$0.isDailyClose }) {
            outdated.remove(frame.feed)
        }
        guard !outdated.contains(frame.feed) else { return false }
        currentFrameTimes[frame.feed] = frame.at
        return true
    }

    /// When `feed` last sent a frame that showed it delivering now; nil before the first.
    package func lastCurrentFrame(of feed: FeedKind) -> Timestamp? { currentFrameTimes[feed] }

    /// `changes` with the watched coins their notifications concern named, amounts and links
    /// added (see `ChainNotes`): the rule engine knows metrics, the mempool decoder the coins.
    private func annotated(_ changes: [RuleChange]) -> [RuleChange] {
        guard chainNotes != nil else { return changes }
        return changes.map { change in
            var change = change
            change.notification = change.notification.map(noted)
            return change
        }
    }

    /// `notification` with the watched coins it concerns named (see `annotated`).
    private func noted(_ notification: Notification) -> Notification {
        guard let chainNotes else { return notification }
        let lines = chainNotes.lines(for: [notification.metric] + notification.values.map(\.name), decoder: decoders[.mempool])
        guard !lines.isEmpty else { return notification }
        var notification = notification
        notification.message += "\n" + lines.joined(separator: "\n")
        return notification
    }

    /// The firing alerts whose value moved, as they read now (see
    /// `RuleEngine.takeRestatements`), with the coins they concern named as their firing was.
    package mutating func takeRestatements() -> [Notification] { engine.takeRestatements().map(noted) }

    /// Lets time pass to `now` without data: rules first, then feed staleness (a feed that goes
    /// stale pauses its rules: they keep their state, neither completing a `for` nor reminding;
    /// a stale feed steady again resolves its alert; its alert names `feedError`, the feed's last
    /// connect error without secrets, when known).
    package mutating func advance(to now: Timestamp, feedError: (FeedKind) -> String? = { _ in nil }) -> [RuleChange] {
        let changes = engine.advance(to: now)
        let (staleChanges, silenced) = stale.check(at: now, lastError: feedError)
        for kind in silenced { engine.setFeed(kind.rawValue, stale: true) }
        return changes + staleChanges
    }

    /// Lets time pass up to a frame at `now` deadline by deadline, as the worker's alarm does:
    /// each `for`'s end, `repeat` reminder and feed's `stale_after` before `now` acts at its own
    /// time, so a gap longer than `stale_after` holds its feed's rules from then on (see
    /// `RuleEngine.advanceStepwise`). Deadlines at `now` itself are the frame's: `process` lets
    /// the rules' pass, and a frame that comes just as its feed's `stale_after` ends is in time.
    package mutating func advanceStepwise(before now: Timestamp) -> [RuleChange] {
        var changes: [RuleChange] = []
        while let next = nextDeadline(), next < now { changes += advance(to: next) }
        return changes
    }

    /// The next time a rule or a feed's staleness is due.
    package func nextDeadline() -> Timestamp? {
        [engine.nextDeadline(), stale.nextDeadline()].compactMap { $0 }.min()
    }

    /// Takes over a previous engine's `change` histories (see `RuleEngine.adopt`).
    package mutating func adopt(_ snapshot: HistorySnapshot) { engine.adopt(snapshot) }

    /// The daily closes the state file lacks (see `RuleEngine.takeUnsavedCloses`).
    package mutating func takeUnsavedCloses() -> (closes: [String: [(day: Int64, value: Double)]], keepingFrom: [String: Int64]) {
        engine.takeUnsavedCloses()
    }

    /// Takes up daily closes from the state file (see `RuleEngine.restoreCloses`).
    package mutating func restoreCloses(_ stored: [String: [(day: Int64, value: Double)]]) { engine.restoreCloses(stored) }

    /// Takes up the news items the state file recorded (see `RuleEngine.restoreHeadlines`).
    package mutating func restoreHeadlines(_ stored: [String: [String: Timestamp]]) { engine.restoreHeadlines(stored) }

    /// The news items seen since the last call, for the state file (see `HeadlineLedger`).
    package mutating func takeHeadlineRecord() -> HeadlineRecord { engine.takeHeadlineRecord() }

    /// Notes in each rule's state why it cannot decide yet (see `RuleEngine.refreshWaiting`).
    package mutating func refreshWaiting() { engine.refreshWaiting() }

    /// Whether the engine records why rules are where they are (see `RuleEngine.explains`).
    package var explains: Bool {
        get { engine.explains }
        set { engine.explains = newValue }
    }

    /// The wall clock minus the engine's time: for the times messages write out (see
    /// `RuleEngine.labelOffset`), and to read feeds' own stamps, which are wall-clock times.
    package var labelOffset: TimeSpan {
        get { engine.labelOffset }
        set { engine.labelOffset = newValue }
    }

    /// The engine's explanations since the last call (see `RuleEngine.takeExplanations`).
    package mutating func takeExplanations() -> [RuleExplanation] { engine.takeExplanations() }
}

private extension Sample {
    /// This sample, stamped on the wall clock, at the same instant of the steady timeline that
    /// runs `offset` behind the wall clock. A daily close keeps its stamp: it names a calendar
    /// day, not an instant.
    func onSteadyTimeline(offset: TimeSpan) -> Sample {
        guard !isDailyClose else { return self }
        var moved = self
        moved.at = at - offset
        return moved
    }
}
