/// Evaluates every rule against incoming samples and the passage of time.
///
/// Pure and deterministic: time comes only from sample timestamps and `advance(to:)`, so the
/// daemon, `replay` and `test` all drive the same code. Not thread-safe; one owner drives it.
public struct RuleEngine: Sendable {
    /// The rules evaluated (every one not disabled), in load order.
    public private(set) var rules: [Rule]
    /// Each rule's state, parallel to `rules`.
    public private(set) var states: [RuleState]
    /// Feeds currently known to be stale: their metrics neither fire nor remind on time alone.
    public private(set) var staleFeeds: Set<String> = []
    /// Channels for rules that name none.
    public let defaultChannels: [String]

    /// Each rule's transition logic, parallel to `rules` (the hot loop reads only this).
    let logic: [RuleLogic]
    /// Rules by metric name, and whether `change` rules need that metric's history.
    private var routes: [String: MetricRoute] = [:]
    var histories: [String: MetricHistory] = [:]
    /// The feed of each rule's last sample; nil until one arrives (and again once it goes stale).
    private var lastSource: [String?]
    /// Rules that have a deadline (pending, or firing with `repeat`).
    private var timed: Set<Int> = []
    /// Whether to record why each rule is where it is (`takeExplanations`), for debug logs.
    public var explains = false
    /// Each rule's last recorded reason, parallel to `rules`, and the reasons not yet taken.
    var explained: [RuleExplanation.Reason?]
    var explanations: [RuleExplanation] = []

    struct MetricRoute: Sendable {
        var indexes: [Int] = []
        var recordsHistory = false
    }

    /// Creates an engine over the rules that are not disabled. A saved state is resumed only when
    /// its digest matches the rule's current definition; a changed rule starts fresh (inactive)
    /// and announces nothing.
    public init(rules: [Rule], defaultChannels: [String] = [], restoring saved: [String: RuleState] = [:]) {
        let rules = rules.filter { !$0.isDisabled }
        self.rules = rules
        self.logic = rules.map(\.logic)
        self.defaultChannels = defaultChannels
        self.lastSource = Array(repeating: nil, count: rules.count)
        self.explained = Array(repeating: nil, count: rules.count)
        self.states = rules.map { rule in
            let digest = rule.definitionDigest
            if let state = saved[rule.name], state.digest == digest { return state }
            return RuleState(digest: digest)
        }
        for (index, rule) in rules.enumerated() {
            routes[rule.metric, default: MetricRoute()].indexes.append(index)
            if case .change(_, let within) = rule.condition {
                routes[rule.metric]!.recordsHistory = true
                let key = Self.historyKey(rule.metric, rule.source)
                histories[key] = MetricHistory(retention: max(histories[key]?.retention ?? .zero, within))
            }
            if states[index].deadline(for: logic[index]) != nil { timed.insert(index) }
        }
    }

    /// Evaluates the rules on `sample.metric` against the sample.
    public mutating func ingest(_ sample: Sample) -> [RuleChange] {
        guard let route = routes[sample.metric] else { return [] }
        if route.recordsHistory { recordHistory(sample) }
        var changes: [RuleChange] = []
        for index in route.indexes {
            if rules[index].source != nil, rules[index].source != sample.source { continue }
            let observed: Double
            if case .change = logic[index].condition {
                guard let change = change(for: index, sample: sample) else {
                    if explains { explain(index, observed: nil, at: sample.at) }
                    continue
                }
                observed = change
            } else {
                observed = sample.value
            }
            let before = states[index].status
            let event = states[index].observe(observed, at: sample.at, rule: logic[index])
            if explains { explain(index, observed: observed, at: sample.at) }
            lastSource[index] = sample.source
            if event != nil || states[index].status != before {
                changes.append(change(for: index, event: event, current: sample.value))
                updateTimed(index)
            }
        }
        return changes
    }

    /// Lets time pass up to `now`: fires pending alerts whose `for` elapsed and sends due
    /// reminders, each at its own due time, for rules whose data is fresh.
    public mutating func advance(to now: Timestamp) -> [RuleChange] {
        var changes: [RuleChange] = []
        while true {
            var due: [(at: Timestamp, index: Int)] = []
            for index in timed {
                guard let at = states[index].deadline(for: logic[index]), at <= now else { continue }
                if isFresh(index) { due.append((at, index)) } else if explains { explainStale(index, at: now) }
            }
            if due.isEmpty { break }
            due.sort { ($0.at, $0.index) < ($1.at, $1.index) }
            for (at, index) in due {
                // A reminder more than one period overdue (e.g. after downtime) is sent once, now.
                var when = at
                if states[index].status == .firing, at + logic[index].repeatEvery <= now { when = now }
                if let event = states[index].tick(at: when, rule: logic[index]) {
                    changes.append(change(for: index, event: event, current: states[index].lastValue ?? .nan))
                }
                if explains { explain(index, observed: states[index].lastValue, at: when) }
                updateTimed(index)
            }
        }
        return changes
    }

    /// The earliest time at which `advance` would act, or nil when nothing is scheduled.
    public func nextDeadline() -> Timestamp? {
        var earliest: Timestamp?
        for index in timed where isFresh(index) {
            if let at = states[index].deadline(for: logic[index]), earliest.map({ at < $0 }) ?? true { earliest = at }
        }
        return earliest
    }

    /// Marks a feed stale or fresh again. Rules fed by a stale feed keep their state but act on
    /// time again only after their next sample: a `for` never completes, nor a reminder goes
    /// out, on data nobody has seen since the feed went quiet.
    public mutating func setFeed(_ feed: String, stale: Bool) {
        guard stale else {
            staleFeeds.remove(feed)
            return
        }
        staleFeeds.insert(feed)
        for index in lastSource.indices where lastSource[index] == feed { lastSource[index] = nil }
    }

    private func isFresh(_ index: Int) -> Bool {
        guard let source = lastSource[index] else { return false }
        return !staleFeeds.contains(source)
    }

    private mutating func updateTimed(_ index: Int) {
        if states[index].deadline(for: logic[index]) != nil { timed.insert(index) } else { timed.remove(index) }
    }
}
