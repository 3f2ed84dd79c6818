import SatwatchBase

/// Evaluates every rule against incoming samples and the passage of time.
///
/// Pure and deterministic: time comes only from sample timestamps and `advance(to:)`, so the
/// daemon, `replay` and `test` all drive the same code. Not thread-safe; one owner drives it.
///
/// A sample updates its metric's slots in the `MetricTable`, then evaluates the rules that read
/// those slots: each rule's condition decides (`ConditionResult`), its state machine
/// (`RuleState+Transitions`) acts on the decision, and a change of state comes out as a
/// `RuleChange` with the notification it causes.
package struct RuleEngine: Sendable {
    /// The rules evaluated (every one not disabled), in load order.
    package private(set) var rules: [Rule]
    /// Each rule's state, parallel to `rules`.
    package internal(set) var states: [RuleState]
    /// Feeds currently known to be stale: their metrics read as unknown until data flows again.
    package private(set) var staleFeeds: Set<String> = []
    /// Channels for rules that name none.
    package let defaultChannels: [String]
    /// Labels every notification carries besides its rule's (the config's top-level `labels`);
    /// a rule's own label of the same name wins.
    package let commonLabels: [Label]

    /// Each rule's transition logic and condition, parallel to `rules` (the hot loop reads these).
    let logic: [RuleLogic]
    let conditions: [any RuleCondition]
    /// The values and histories conditions read.
    var table: MetricTable
    /// Every slot's key (`btc.usd`, `btc.usd@kraken`).
    let slots: MetricSlots
    /// Per rule, the slots it reads as values; the first is its own metric's (a candle follows it).
    let inputs: [[Int]]
    /// Per rule, whether its condition decides on its inputs' current values alone (no window,
    /// memory or clock): a sample that repeats its input's value does not evaluate it again.
    let decidesOnValues: [Bool]
    /// Per metric name, the slots its samples update.
    let slotsByMetric: [String: [SlotRoute]]
    /// Per slot, the rules its samples evaluate, and the candle rules whose candle it builds.
    let routes: [[Int]]
    let candleRoutes: [[Int]]
    /// The config's derived metrics, computed when their inputs change.
    var derived: DerivedSet
    /// The latest time the engine has reached (a sample's or `advance`'s): a sample stamped
    /// earlier (CoinGecko's `last_updated_at`, a minute old beside live feeds) is evaluated at
    /// this time, so rule time never runs backwards. It starts before any time, not at the
    /// epoch: a replay from before 1970 keeps its samples' own times.
    var clock = Timestamp.distantPast
    /// The sources whose samples are daily values (Coin Metrics' rows, a day old when they arrive,
    /// stamped with the receive time): those reach daily closes only as the feed's history, never
    /// as the running close of today. Set by whoever knows the feeds (`FrameEvaluator`).
    package var dailySources: Set<String> = []
    /// When each rule with a deadline (pending, firing with `repeat`, an open candle) next acts.
    var schedule: DeadlineSchedule
    /// Per rule, whether its last evaluation could not decide (see `refreshWaiting`).
    var undecided: [Bool]
    /// Whether to record why each rule is where it is (`takeExplanations`), for debug logs.
    package var explains = false
    /// The wall clock minus the engine's time (`ProcessClock.offset`): what a message's `{{since}}`
    /// adds, so it names the time on the wall clock after a step. Zero in recorded time.
    package var labelOffset = TimeSpan.zero
    /// Whether a sample that repeats a fresh value skips the rules that decide on values alone
    /// (`decidesOnValues`). Off only in the tests, as the reference that evaluates everything.
    package var skipsRepeatedValues = true
    /// How many times a rule's condition was evaluated, ever (for the tests and benchmarks).
    package private(set) var evaluations = 0
    /// Each rule's last recorded reason, parallel to `rules`, and the reasons not yet taken.
    var explained: [RuleExplanation.Reason?]
    var explanations: [RuleExplanation] = []
    /// Firing rules whose value moved since `takeRestatements` last looked (see there).
    var restatable: Set<Int> = []
    /// The news items seen, per source, so each is judged once (see `ingestHeadlines`).
    package private(set) var headlines = HeadlineLedger()

    /// A slot a metric's samples update, and the feed it is pinned to (nil: any feed).
    struct SlotRoute: Sendable {
        var slot: Int
        var source: String?
    }

    /// Creates an engine over the rules that are not disabled. A saved state is resumed only when
    /// its digest matches the rule's current definition; a changed rule starts fresh (inactive)
    /// and announces nothing.
    package init(rules: [Rule], derived: [DerivedMetric] = [], defaultChannels: [String] = [], commonLabels: [Label] = [],
                restoring saved: [String: RuleState] = [:]) {
        let rules = rules.filter { !$0.isDisabled }
        var slots = MetricSlots()
        var conditions: [any RuleCondition] = []
        var inputs: [[Int]] = []
        var decidesOnValues: [Bool] = []
        for rule in rules {
            var condition = rule.condition
            slots.beginRule()
            condition.bind(&slots, source: rule.source)
            conditions.append(condition)
            inputs.append(slots.inputs)
            decidesOnValues.append(condition.decidesOnCurrentValues && !slots.readsHistory)
        }
        let derivedSet = DerivedSet(derived, slots: &slots)
        var routes = Array(repeating: [Int](), count: slots.count)
        var candleRoutes = routes
        for (index, slotList) in inputs.enumerated() {
            if rules[index].candle == nil {
                for slot in slotList { routes[slot].append(index) }
            } else if let own = slotList.first {
                candleRoutes[own].append(index)
            }
        }
        var byMetric: [String: [SlotRoute]] = [:]
        for (slot, route) in slots.routes.enumerated() {
            byMetric[route.metric, default: []].append(SlotRoute(slot: slot, source: route.source))
        }
        self.rules = rules
        self.logic = rules.map(\.logic)
        self.conditions = conditions
        self.defaultChannels = defaultChannels
        self.commonLabels = commonLabels
        self.slots = slots
        self.derived = derivedSet
        self.table = MetricTable(slots: slots)
        self.inputs = inputs
        self.decidesOnValues = decidesOnValues
        self.routes = routes
        self.candleRoutes = candleRoutes
        self.slotsByMetric = byMetric
        self.undecided = Array(repeating: false, count: rules.count)
        self.explained = Array(repeating: nil, count: rules.count)
        self.schedule = DeadlineSchedule(count: rules.count)
        self.states = rules.map { rule in
            let digest = rule.definitionDigest
            if let state = saved[rule.name], state.digest == digest { return state }
            return RuleState(digest: digest, sequence: saved[rule.name]?.sequence ?? 0)
        }
        for index in rules.indices { updateTimed(index) }
    }

    /// Updates the sample's slots, then evaluates the rules that read them.
    package mutating func ingest(_ sample: Sample) -> [RuleChange] {
        if !sample.headlines.isEmpty { return ingestHeadlines(sample) }
        guard let routes = slotsByMetric[sample.metric] else { return [] }
        if sample.isDailyClose {
            seedDailyClose(sample, routes)
            return []
        }
        var sample = sample
        if sample.at < clock { sample.at = clock } else { clock = sample.at }
        var changes: [RuleChange] = []
        for route in routes where route.source == nil || route.source == sample.source {
            closeCandles(before: sample.at, on: route.slot, &changes)
            table.update(route.slot, sample.value, from: sample.source)
            table.histories[route.slot]?.record(sample.value, at: sample.at)
            if table.closes[route.slot] != nil, !dailySources.contains(sample.source) {
                table.closes[route.slot]!.record(sample.value, at: sample.at)
            }
        }
        table.now = sample.at
        for route in routes where route.source == nil || route.source == sample.source {
            let unchanged = skipsRepeatedValues && table.repeated[route.slot]
            for index in self.routes[route.slot] where !states[index].isSpent && !(unchanged && decidesOnValues[index]) {
                decide(index, at: sample.at, &changes)
            }
            for index in candleRoutes[route.slot] where !states[index].isSpent { extendCandle(index, with: sample) }
            changes += updateDerived(from: route.slot, at: sample.at)
        }
        return changes
    }

    /// Evaluates rule `index` now and applies the result to its state.
    mutating func decide(_ index: Int, at now: Timestamp, _ changes: inout [RuleChange]) {
        let before = states[index].status
        let memory = states[index].memory
        // Through a local: an `inout` into `states` while `table` is borrowed from `self`
        // would make the call copy the table (a retain per array) on every evaluation.
        var kept = memory
        let result = conditions[index].evaluate(table, memory: &kept)
        evaluations += 1
        if kept != memory { states[index].memory = kept }
        undecided[index] = result.verdict == .unknown
        // What it waited for has come: the state committed with a change must not say otherwise
        // until the next flush refreshes it (`refreshWaiting`).
        if !undecided[index], states[index].waiting != nil { states[index].waiting = nil }
        let value = states[index].lastValue
        let event = states[index].observe(result, at: now, rule: logic[index])
        if states[index].status == .firing, event == nil, states[index].lastValue != value { restatable.insert(index) }
        if explains { explain(index, result, at: now) }
        // A changed memory (the side of a crossing) is committed at once: a crossing back that
        // a SIGKILL forgot would hide the next crossing.
        if event != nil || states[index].status != before || states[index].memory != memory {
            changes.append(change(for: index, event: event))
        }
        updateTimed(index)
    }

    /// Lets time pass up to `now`: closes candles, fires pending alerts whose `for` elapsed and
    /// sends due reminders, each at its own due time, for rules whose data is fresh.
    package mutating func advance(to now: Timestamp) -> [RuleChange] {
        clock = Swift.max(clock, now)
        var changes: [RuleChange] = []
        while true {
            // Each round takes what is due now; what acting schedules at or before `now` (a
            // reminder overdue since the `for` ended) comes in the next round.
            let due = takeDue(through: now)
            if due.isEmpty { break }
            for (at, index) in due {
                if let end = candleEnd(index), end <= at {
                    closeCandle(index, at: end, &changes)
                    continue
                }
                // A reminder more than one period overdue (e.g. after downtime) is sent once, now.
                var when = at
                if states[index].status == .firing, at + logic[index].repeatEvery <= now { when = now }
                table.now = when
                if let event = states[index].tick(at: when, rule: logic[index]) {
                    changes.append(change(for: index, event: event))
                }
                if explains { explain(index, nil, at: when) }
                updateTimed(index)
            }
        }
        return changes
    }

    /// The earliest time at which `advance` would act, or nil when nothing is scheduled.
    package func nextDeadline() -> Timestamp? {
        schedule.earliest(where: isFresh)
    }

    /// Marks a feed stale or fresh again. Metrics last fed by a stale feed read as unknown, so
    /// their rules keep their state and act on time again only after their next sample: a `for`
    /// never completes, nor a reminder goes out, on data nobody has seen since the feed went quiet.
    package mutating func setFeed(_ feed: String, stale: Bool) {
        guard stale else {
            staleFeeds.remove(feed)
            return
        }
        staleFeeds.insert(feed)
        for slot in table.sources.indices where table.sources[slot] == feed { table.markStale(slot) }
        markDerivedStale()
    }

    /// Takes the rules due at or before `now` whose data is fresh from the schedule, earliest
    /// first; those due on stale data stay due (and are explained, when asked).
    private mutating func takeDue(through now: Timestamp) -> [(at: Timestamp, index: Int)] {
        // The schedule is changed while freshness is read: read it from copies (no copy of the
        // table's storage, which nothing changes meanwhile), not through `self`.
        let inputs = self.inputs, table = self.table
        var stale: [Int] = []
        let due = schedule.takeDue(through: now, isFresh: { Self.isFresh($0, inputs: inputs, table: table) },
                                   stale: { stale.append($0) })
        if explains { for index in stale { explainStale(index, at: now) } }
        return due
    }

    /// Whether every input of rule `index` has a fresh value.
    func isFresh(_ index: Int) -> Bool { Self.isFresh(index, inputs: inputs, table: table) }

    private static func isFresh(_ index: Int, inputs: [[Int]], table: MetricTable) -> Bool {
        for slot in inputs[index] where !table.isFresh(slot) { return false }
        return true
    }

    /// When rule `index` next acts on time: the end of its `for`, its next reminder, or its
    /// candle's close.
    func dueTime(_ index: Int) -> Timestamp? {
        if states[index].isSpent { return nil }
        let state = states[index].deadline(for: logic[index])
        guard let end = candleEnd(index) else { return state }
        return state.map { Swift.min($0, end) } ?? end
    }

    /// Schedules rule `index` at its due time (after anything that may move it).
    mutating func updateTimed(_ index: Int) {
        schedule.set(index, to: dueTime(index))
    }
}

extension RuleEngine {
    /// One poll of a news source (`news.<source>`, carrying its items): the ledger records every
    /// item, whether or not a rule reads the source, and each new one (none on the source's
    /// first poll) is judged by the source's rules in turn, so an event names its own item.
    mutating func ingestHeadlines(_ sample: Sample) -> [RuleChange] {
        guard let source = Headline.source(ofMetric: sample.metric) else { return [] }
        let fresh = headlines.record(sample.headlines, source: source, at: sample.at)
        guard let routes = slotsByMetric[sample.metric] else { return [] }
        let at = Swift.max(sample.at, clock)
        clock = at
        table.now = at
        let reading = routes.filter { $0.source == nil || $0.source == sample.source }
        // The slot holds 1 while a new item is being judged: the rule's value in notifications.
        for route in reading { table.update(route.slot, 1, from: sample.source) }
        var changes: [RuleChange] = []
        for item in fresh {
            table.headline = item
            for route in reading {
                for index in self.routes[route.slot] where !states[index].isSpent { decide(index, at: at, &changes) }
            }
        }
        table.headline = nil
        return changes
    }

    /// Takes up the news items the state file recorded (source → id → when last seen).
    package mutating func restoreHeadlines(_ stored: [String: [String: Timestamp]]) { headlines.restore(stored) }

    /// What the ledger recorded since the last call, for the state file.
    package mutating func takeHeadlineRecord() -> HeadlineRecord { headlines.takeRecord() }

    /// The daily closes the state file lacks, by slot key, each marked saved; and, for every key
    /// a window reads, the oldest day still needed (older stored days can go).
    package mutating func takeUnsavedCloses() -> (closes: [String: [(day: Int64, value: Double)]], keepingFrom: [String: Int64]) {
        var closes: [String: [(day: Int64, value: Double)]] = [:]
        var keepingFrom: [String: Int64] = [:]
        for slot in table.closes.indices {
            guard table.closes[slot] != nil else { continue }
            let key = slots.keys[slot]
            let unsaved = table.closes[slot]!.unsavedCloses
            if !unsaved.isEmpty { closes[key] = unsaved }
            table.closes[slot]!.markSaved()
            keepingFrom[key] = table.closes[slot]!.oldestDay ?? .min
        }
        return (closes, keepingFrom)
    }

    /// Takes up daily closes read back from the state file, for the keys this engine's windows read.
    package mutating func restoreCloses(_ stored: [String: [(day: Int64, value: Double)]]) {
        for (key, closes) in stored {
            guard let slot = slots.slot(forKey: key), let capacity = table.closes[slot]?.capacity else { continue }
            table.closes[slot] = DailyCloses(restoring: closes, capacity: capacity)
        }
    }
}

extension RuleEngine {
    /// Recomputes the derived metrics that read `slot` and feeds each new value to the engine
    /// as a sample of its own (source `derived`). Cycles are refused when the config loads.
    mutating func updateDerived(from slot: Int, at now: Timestamp) -> [RuleChange] {
        guard !derived.routes[slot].isEmpty else { return [] }
        var changes: [RuleChange] = []
        for index in derived.routes[slot] {
            guard let value = derived.expressions[index].value(table) else { continue }
            let sample = Sample(metric: derived.metrics[index].name, value: value, at: now, source: DerivedMetric.source)
            derived.computed.append(sample)
            changes += ingest(sample)
        }
        return changes
    }

    /// A derived metric is stale while any of its inputs is: its slots read as unknown until
    /// every input is fresh again and it is recomputed.
    mutating func markDerivedStale() {
        var changed = true
        while changed {
            changed = false
            for (index, inputs) in derived.inputs.enumerated() where inputs.contains(where: { !table.isFresh($0) }) {
                for route in slotsByMetric[derived.metrics[index].name] ?? [] where table.isFresh(route.slot) {
                    table.markStale(route.slot)
                    changed = true
                }
            }
        }
    }

    /// The derived samples computed since the last call, for the metric board.
    package mutating func takeDerivedSamples() -> [Sample] {
        defer { derived.computed.removeAll(keepingCapacity: true) }
        return derived.computed
    }
}

extension RuleEngine {
    /// Every rule as the page shows it, with the levels of its condition at the current values
    /// (an expression level such as `sma(btc.usd, 200d)` moves with its inputs).
    package var overview: [RuleOverview] {
        rules.indices.map { index in
            let rule = rules[index]
            return RuleOverview(name: rule.name, metric: rule.metric, source: rule.source, criterion: criterion(index),
                                levels: conditions[index].chartLevels(table), labels: rule.labels, description: rule.description,
                                channels: rule.channels.isEmpty ? defaultChannels : rule.channels, state: states[index])
        }
    }

    /// What rule `index` asks, worded at the current values (a compound names each part's).
    func criterion(_ index: Int) -> String {
        conditions[index].report(table, status: .firing, observed: states[index].lastValue).criterion
    }

    /// Notes in compound rule `index`'s state the values it just decided on (for `status`) and
    /// returns its criterion worded at them (for the page and the API).
    mutating func noteDecision(_ index: Int) -> String {
        let report = conditions[index].report(table, status: .firing, observed: states[index].lastValue)
        if conditions[index] is CompoundCondition { states[index].decidedValues = report.values }
        return report.criterion
    }
}
