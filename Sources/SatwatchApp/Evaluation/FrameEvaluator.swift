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
    }

    /// Resolves the frame's feed's stale alert (its rules act again), lets time pass to the
    /// frame's time, decodes it and evaluates its samples; also says how many of the frame's
    /// fields were unusable though the frame as a whole was not.
    package mutating func process(_ frame: RecordedFrame) -> (outcome: FrameOutcome, changes: [RuleChange], rejectedFields: Int) {
        var resolved: [RuleChange] = []
        if let change = stale.frameArrived(frame.feed, at: frame.at) {
            engine.setFeed(frame.feed.rawValue, stale: false)
            resolved.append(change)
        }
        var changes = engine.advance(to: frame.at)
        if decoders[frame.feed] == nil { decoders[frame.feed] = FeedConfig(kind: frame.feed).makeDecoder() }
        let rejectedBefore = decoders[frame.feed]!.rejectedFields
        // Decoded in place: stateful decoders (Coin Metrics' 200 days of prices) are not copied.
        let outcome = decoders[frame.feed]!.decode(frame.text, at: frame.at)
        let rejected = decoders[frame.feed]!.rejectedFields - rejectedBefore
        var published = outcome
        switch outcome {
        case .samples(let samples):
            for sample in samples { changes += engine.ingest(sample) }
            // Derived metrics computed from these samples are published like the feed's own.
            let derived = engine.takeDerivedSamples()
            if !derived.isEmpty { published = .samples(samples + derived) }
        case .liveness: break
        case .skipped(let reason): skipped[frame.feed, default: [:]][reason, default: 0] += 1
        }
        return (published, resolved + annotated(changes), rejected)
    }

    /// `changes` with the watched coins their notifications concern named, amounts and links
    /// added (see `ChainNotes`): the rule engine knows metrics, the mempool decoder the coins.
    private func annotated(_ changes: [RuleChange]) -> [RuleChange] {
        guard let chainNotes else { return changes }
        return changes.map { change in
            guard var notification = change.notification else { return change }
            let lines = chainNotes.lines(for: [notification.metric] + notification.values.map(\.name), decoder: decoders[.mempool])
            guard !lines.isEmpty else { return change }
            notification.message += "\n" + lines.joined(separator: "\n")
            var change = change
            change.notification = notification
            return change
        }
    }

    /// Lets time pass to `now` without data: rules first, then feed staleness (a feed that goes
    /// stale pauses its rules: they keep their state, neither completing a `for` nor reminding).
    package mutating func advance(to now: Timestamp) -> [RuleChange] {
        let changes = engine.advance(to: now)
        let staleChanges = stale.check(at: now)
        for change in staleChanges {
            if let kind = FeedKind(rawValue: String(change.rule.dropFirst("\(FeedStaleMonitor.digest):".count))) {
                engine.setFeed(kind.rawValue, stale: true)
            }
        }
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

    /// The wall clock minus the engine's time, for the times messages write out (see
    /// `RuleEngine.labelOffset`).
    package var labelOffset: TimeSpan {
        get { engine.labelOffset }
        set { engine.labelOffset = newValue }
    }

    /// The engine's explanations since the last call (see `RuleEngine.takeExplanations`).
    package mutating func takeExplanations() -> [RuleExplanation] { engine.takeExplanations() }
}
