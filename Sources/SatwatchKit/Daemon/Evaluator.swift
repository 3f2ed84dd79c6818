/// The hot path as a service: a frame → samples → rules → ONE state/outbox commit → the
/// dispatcher's doorbell, in the same task, with no queue or poll in between. It also lets time
/// pass (the alarm) so `for`, `repeat` and feed staleness act on time, and flushes last values
/// to the state file every minute and on shutdown.
struct Evaluator: Service {
    let setup: Setup
    let inputs: AsyncStream<EvaluatorInput>
    /// Marked as each frame is evaluated, so the next waiting feed goes on.
    let backlog: FrameBacklog
    let alarm: Alarm
    let doorbell: Doorbell
    /// Where the evaluator publishes what the endpoint reads, and hands over `change` history.
    let boards: Boards
    let logger: Logger
    static let flushEvery = TimeSpan.seconds(60)
    /// How soon a failed commit is tried again.
    static let commitRetry = TimeSpan.seconds(1)

    var name: String { "evaluator" }

    func run() async throws {
        // The hot path never checkpoints the WAL (a checkpoint's fsyncs take milliseconds); the
        // dispatcher's connection does it while idle.
        let store = try StateStore.open(path: setup.config.statePath, autoCheckpointPages: 0)
        let saved = try store.loadRuleStates()
        let startedAt = WallClock.now()
        var state = EvaluatorState(
            evaluator: FrameEvaluator(engine: RuleEngine(rules: setup.rules, defaultChannels: setup.config.defaultChannels,
                                                         restoring: saved), feeds: setup.config.feeds),
            stale: FeedStaleMonitor(feeds: setup.config.feeds, channels: setup.config.defaultChannels, saved: saved, now: startedAt),
            lastFlush: startedAt)
        for kind in state.stale.staleFeeds { state.evaluator.setFeed(kind, stale: true) }
        restoreHistory(&state, from: store)
        // Rules whose definition changed start fresh: store that now, so the old state is gone.
        flush(&state, to: store, at: startedAt)
        boards.rules.publish(state.evaluator.engine)
        alarm.schedule(state.nextDeadline(flushEvery: Self.flushEvery))
        for await input in inputs {
            let now = WallClock.now()
            var changes: [RuleChange]
            switch input {
            case .frame(let frame):
                changes = handle(frame, &state)
                backlog.done()
            case .tick: changes = state.advance(to: now)
            }
            if !changes.isEmpty { boards.rules.publish(state.evaluator.engine) }
            // Changes a failed commit could not store stay queued, in order, and go first next time.
            state.unsaved += changes
            if !state.unsaved.isEmpty, commit(state.unsaved, to: store, at: now) { state.unsaved = [] }
            // Never store rule states ahead of the notifications their changes owe.
            if state.unsaved.isEmpty, now - state.lastFlush >= Self.flushEvery {
                flush(&state, to: store, at: now)
                state.lastFlush = now
            }
            var next = state.nextDeadline(flushEvery: Self.flushEvery)
            if !state.unsaved.isEmpty { next = min(next ?? .distantFuture, now + Self.commitRetry) }
            alarm.schedule(next)
        }
        boards.histories.put(state.evaluator.engine.historySnapshot)
        let end = WallClock.now()
        if state.unsaved.isEmpty || commit(state.unsaved, to: store, at: end) { flush(&state, to: store, at: end) }
    }

    /// Takes up the `change` histories: the state file's (a restart), then the previous
    /// generation's, which may be fresher (a reload).
    private func restoreHistory(_ state: inout EvaluatorState, from store: StateStore) {
        do {
            let stored = try store.loadHistory()
            state.evaluator.adopt(HistorySnapshot(points: stored))
            state.historySaved = stored.compactMapValues { $0.last?.at }
        } catch {
            logger.error("change history unreadable; change rules start without it", ["error": "\(error)"])
        }
        if let previous = boards.histories.take() { state.evaluator.adopt(previous) }
    }

    /// Decodes and evaluates one frame; updates health and the metric board.
    private func handle(_ frame: RecordedFrame, _ state: inout EvaluatorState) -> [RuleChange] {
        var changes: [RuleChange] = []
        if let resolved = state.stale.frameArrived(frame.feed, at: frame.at) {
            state.evaluator.setFeed(frame.feed, stale: false)
            changes.append(resolved)
        }
        // `process` lets time pass to the frame first, then evaluates its samples.
        let (outcome, frameChanges, rejectedFields) = state.evaluator.process(frame)
        changes += frameChanges
        if rejectedFields > 0 {
            boards.health.update(frame.feed) { $0.rejectedFields += rejectedFields }
            logger.debug("fields rejected", ["feed": frame.feed.rawValue, "count": "\(rejectedFields)"])
        }
        switch outcome {
        case .samples(let samples):
            boards.metrics.record(samples)
        case .skipped(let reason):
            boards.health.update(frame.feed) { $0.skipped[reason.code, default: 0] += 1 }
            logger.debug("frame skipped", ["feed": frame.feed.rawValue, "reason": reason.code])
        default: break
        }
        return changes
    }

    /// Commits changes in one transaction, then wakes the dispatcher. On failure (disk full, I/O
    /// error) nothing is stored and the caller keeps the changes for the next try; the commit is
    /// idempotent on notification ids, so a retry can never queue a notification twice.
    private func commit(_ changes: [RuleChange], to store: StateStore, at now: Timestamp) -> Bool {
        do {
            try store.commit(changes, at: now)
        } catch {
            logger.error("state commit failed; will retry", ["error": "\(error)", "changes": "\(changes.count)",
                                                             "retry_in": Self.commitRetry.text])
            return false
        }
        for change in changes {
            guard let notification = change.notification else { continue }
            logger.info("notification queued", ["rule": notification.rule, "status": notification.status.rawValue, "value": DisplayNumber.format(notification.value),
                                                                   "channels": notification.channels.joined(separator: ","), "id": notification.id])
        }
        doorbell.ring()
        return true
    }

    /// Saves every rule's last value, the latest metric values (for `status`) and the `change`
    /// histories' new points. A SIGKILL loses at most one interval of history, nothing else.
    private func flush(_ state: inout EvaluatorState, to store: StateStore, at now: Timestamp) {
        let engine = state.evaluator.engine
        let states = Dictionary(zip(engine.rules.map(\.name), engine.states), uniquingKeysWith: { $1 })
        let history = engine.historySnapshot
        let fresh = history.points(after: state.historySaved)
        do {
            try store.saveRuleStates(states, at: now)
            try store.saveMetrics(boards.metrics.snapshot)
            try store.saveHistory(fresh, keepingFrom: history.oldest)
            let keys = history.keys
            state.historySaved = state.historySaved.filter { keys.contains($0.key) }
                .merging(fresh.compactMapValues { $0.last?.at }) { $1 }
        } catch {
            logger.error("state flush failed", ["error": "\(error)"])
        }
    }
}
