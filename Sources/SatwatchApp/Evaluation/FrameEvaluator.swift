import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// The evaluation path in one place: a frame → its feed's decoder → samples → the rule engine.
/// `replay` drives it over a recording; the daemon drives it from live feeds.
package struct FrameEvaluator: Sendable {
    /// The engine (rules and their states).
    package private(set) var engine: RuleEngine
    private var decoders: [FeedKind: any FrameDecoder]
    /// Frames skipped per feed and reason.
    package private(set) var skipped: [FeedKind: [SkipReason: Int]] = [:]

    /// Creates an evaluator for `feeds` over `engine`.
    package init(engine: RuleEngine, feeds: [FeedConfig]) {
        self.engine = engine
        self.engine.dailySources = FeedKinds.dailySources
        self.decoders = Dictionary(uniqueKeysWithValues: feeds.map { ($0.kind, $0.makeDecoder()) })
    }

    /// Lets time pass to the frame's time, decodes it and evaluates its samples; also says how
    /// many of the frame's fields were unusable though the frame as a whole was not.
    package mutating func process(_ frame: RecordedFrame) -> (outcome: FrameOutcome, changes: [RuleChange], rejectedFields: Int) {
        var changes = engine.advance(to: frame.at)
        if decoders[frame.feed] == nil { decoders[frame.feed] = FeedConfig(kind: frame.feed).makeDecoder() }
        let rejectedBefore = decoders[frame.feed]!.rejectedFields
        // Decoded in place: stateful decoders (Coin Metrics' 200 days of prices) are not copied.
        let outcome = decoders[frame.feed]!.decode(frame.text, at: frame.at)
        let rejected = decoders[frame.feed]!.rejectedFields - rejectedBefore
        switch outcome {
        case .samples(let samples):
            for sample in samples { changes += engine.ingest(sample) }
            // Derived metrics computed from these samples are published like the feed's own.
            let derived = engine.takeDerivedSamples()
            if !derived.isEmpty { return (.samples(samples + derived), changes, rejected) }
        case .liveness: break
        case .skipped(let reason): skipped[frame.feed, default: [:]][reason, default: 0] += 1
        }
        return (outcome, changes, rejected)
    }

    /// Lets time pass to `now` without data.
    package mutating func advance(to now: Timestamp) -> [RuleChange] { engine.advance(to: now) }

    /// Lets time pass to `now` deadline by deadline, as the worker's alarm does (see
    /// `RuleEngine.advanceStepwise`).
    package mutating func advanceStepwise(to now: Timestamp) -> [RuleChange] { engine.advanceStepwise(to: now) }

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

    /// The engine's explanations since the last call (see `RuleEngine.takeExplanations`).
    package mutating func takeExplanations() -> [RuleExplanation] { engine.takeExplanations() }

    /// Marks a feed stale or fresh (see `RuleEngine.setFeed`).
    package mutating func setFeed(_ feed: FeedKind, stale: Bool) { engine.setFeed(feed.rawValue, stale: stale) }
}
