import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchRules
import SatwatchState

/// The hot path as a service: a frame → samples → rules → the state writer → the dispatcher's
/// channels' bells, in the same task, with no queue or poll in between. It also lets time pass (the
/// alarm) so `for`, `repeat` and feed staleness act on time, and flushes last values to the
/// state file every minute and on shutdown. It never waits for the state file: the writer
/// commits on a thread of its own, in order.
struct Evaluator: Service {
    let setup: Setup
    /// The state file's connection, shared with the dispatcher.
    let stateFile: StateFile
    let inputs: EvaluatorInbox
    /// Marked as each frame is evaluated, so the next waiting feed goes on.
    let backlog: FrameBacklog
    let alarm: Alarm
    /// Rung for the channels that got new entries, once they are stored.
    let bells: ChannelBells
    /// Where the evaluator publishes what the endpoint reads, and hands over `change` history.
    let boards: Boards
    let logger: Logger
    static let flushEvery = TimeSpan.seconds(60)

    var name: String { "evaluator" }

    func run() async throws {
        let writer = try await StateWriter.open(file: stateFile, health: boards.store,
                                                bells: bells, logger: logger)
        let saved = try await writer.read { try $0.ruleStates.load() }
        let startedAt = ProcessClock.live.now()
        var state = EvaluatorState(
            evaluator: FrameEvaluator(engine: RuleEngine(rules: setup.rules, derived: setup.config.derived, defaultChannels: setup.config.defaultChannels,
                                                         commonLabels: setup.config.labels,
                                                         restoring: saved), feeds: setup.config.feeds,
                                     saved: saved, now: startedAt),
            lastFlush: startedAt)
        await restoreHistory(&state, from: writer)
        // Rules whose definition changed start fresh: store that now, so the old state is gone.
        flush(&state, to: writer, at: startedAt)
        boards.rules.publish(state.evaluator.engine, feeds: state.evaluator.stale.overview)
        alarm.schedule(state.nextDeadline(flushEvery: Self.flushEvery))
        while let input = await inputs.next() {
            let now = ProcessClock.live.now()
            // Checked per input: a reload may change the level. Off, the engine records nothing.
            state.evaluator.explains = logger.isEnabled(.debug)
            state.evaluator.labelOffset = ProcessClock.live.offset
            var changes: [RuleChange]
            var samples: [Sample] = []
            var firstValues = false
            switch input {
            case .frame(let frame):
                (changes, samples) = handle(frame, &state)
                firstValues = !samples.isEmpty && state.feedsSaved.insert(frame.feed).inserted
                backlog.done()
            case .tick: changes = state.evaluator.advance(to: now, feedError: lastError)
            }
            let published = changes
            // A channel of several peers queues a delivery for each.
            for index in changes.indices where changes[index].notification != nil {
                changes[index].notification!.channels = setup.config.queueNames(for: changes[index].notification!.channels)
            }
            let headlines = state.evaluator.takeHeadlineRecord()
            writer.commit(changes, headlines: headlines, at: now)
            // The boards and the log after the commit is on its way: they are not on the path
            // from a frame to the receivers, and the page reads them a moment later either way.
            if !published.isEmpty {
                boards.rules.publish(published)
                boards.firing.remove(published.filter { $0.state.status != .firing }.map(\.rule))
            }
            if now - state.lastRestated >= EvaluatorState.restateEvery, state.evaluator.engine.hasRestatements {
                boards.firing.publish(state.evaluator.takeRestatements())
                state.lastRestated = now
            }
            if !samples.isEmpty {
                boards.metrics.record(samples)
                boards.series.record(samples)
            }
            for explanation in state.evaluator.takeExplanations() { logger.debug(explanation.message, explanation.fields) }
            for (source, count) in headlines.firstPolls.sorted(by: { $0.key < $1.key }) {
                logger.info("news source recorded", ["source": source, "items": "\(count)"])
            }
            if firstValues || now - state.lastFlush >= Self.flushEvery { flush(&state, to: writer, at: now) }
            alarm.schedule(state.nextDeadline(flushEvery: Self.flushEvery))
        }
        boards.histories.put(state.evaluator.engine.historySnapshot)
        flush(&state, to: writer, at: ProcessClock.live.now())
        await writer.finish()
    }

    /// Takes up the `change` histories: the state file's (a restart), then the previous
    /// generation's, which may be fresher (a reload); then the daily closes and metric series.
    private func restoreHistory(_ state: inout EvaluatorState, from writer: StateWriter) async {
        // Rung whatever was readable: the worker's start waits for it (see `Daemon`).
        defer { boards.historyRestored.ring() }
        do {
            let stored = try await writer.read { try $0.changeHistory.load() }
            state.evaluator.adopt(HistorySnapshot(points: stored))
            state.historySaved = stored.compactMapValues { $0.last?.at }
        } catch {
            logger.error("change history unreadable; change rules start without it", ["error": "\(error)"])
        }
        do {
            let closes = try await writer.read { try $0.dailyCloses.load() }
            state.evaluator.restoreCloses(closes)
        } catch {
            logger.error("daily closes unreadable; windows of a day or more fill again", ["error": "\(error)"])
        }
        do {
            let sources = Set(setup.config.feeds.first { $0.kind == .news }?.settings(NewsSettings.self).sources.map(\.name) ?? [])
            let seen = try await writer.read { store in
                try store.newsSeen.forget(keeping: sources)
                return try store.newsSeen.load()
            }
            state.evaluator.restoreHeadlines(seen)
        } catch {
            logger.error("news items seen unreadable; each source's next poll only records", ["error": "\(error)"])
        }
        if let previous = boards.histories.take() { state.evaluator.adopt(previous) }
        // Once per process: on a reload the board already holds these minutes (and newer ones).
        guard boards.series.keys.isEmpty else { return }
        do {
            let from = SeriesCollection.oldestMinute(now: ProcessClock.live.now())
            let series = try await writer.read { try $0.series.load(from: from) }
            boards.series.restore(series)
        } catch {
            logger.error("metric series unreadable; charts start empty", ["error": "\(error)"])
        }
    }

    /// Decodes and evaluates one frame and updates the feed's health; returns the rules' changes
    /// and the frame's samples (for the metric boards).
    private func handle(_ frame: RecordedFrame, _ state: inout EvaluatorState) -> (changes: [RuleChange], samples: [Sample]) {
        // `process` resolves the feed's stale alert and lets time pass to the frame first, then
        // evaluates its samples.
        let processed = state.evaluator.process(frame)
        if processed.rejectedFields > 0 {
            boards.health.update(frame.feed) { $0.rejectedFields += processed.rejectedFields }
            logger.debug("fields rejected", ["feed": frame.feed.rawValue, "count": "\(processed.rejectedFields)"])
        }
        record(processed, of: frame, state.evaluator.lastCurrentFrame(of: frame.feed))
        switch processed.outcome {
        case .samples(let samples):
            return (processed.changes, samples)
        case .skipped(let reason):
            boards.health.update(frame.feed) { $0.skipped[reason.code, default: 0] += 1 }
            logger.debug("frame skipped", ["feed": frame.feed.rawValue, "reason": reason.code])
        default: break
        }
        return (processed.changes, [])
    }

    /// Counts the frame's samples stamped in the future or stale; a frame that does not show its
    /// feed delivering now takes back the arrival the feed recorded (its time goes back to
    /// `lastCurrent`, the last frame that did), so `/healthz` says what the `feed-stale:` alert
    /// says. A later frame already recorded keeps its own time.
    private func record(_ processed: ProcessedFrame, of frame: RecordedFrame, _ lastCurrent: Timestamp?) {
        guard processed.futureSamples > 0 || processed.staleSamples > 0 || !processed.isCurrent else { return }
        boards.health.update(frame.feed) { health in
            health.futureSamples += processed.futureSamples
            health.staleSamples += processed.staleSamples
            if !processed.isCurrent, health.lastFrameAt == frame.at { health.lastFrameAt = lastCurrent }
        }
        let fields: LogFields = ["feed": frame.feed.rawValue, "future": "\(processed.futureSamples)", "stale": "\(processed.staleSamples)"]
        logger.debug("frame time bounded", fields)
    }

    /// A feed's last connect or poll error, without secrets (what a `feed-stale:` alert says).
    private func lastError(_ kind: FeedKind) -> String? {
        boards.health.snapshot.first { $0.kind == kind }?.lastError.map(setup.config.redactor.redact)
    }

    /// Queues every rule's last value, the latest metric values (for `status`), the `change`
    /// histories' new points and the series' new minutes. A SIGKILL loses at most one interval
    /// of history and series, nothing else.
    private func flush(_ state: inout EvaluatorState, to writer: StateWriter, at now: Timestamp) {
        state.evaluator.refreshWaiting()
        let engine = state.evaluator.engine
        boards.rules.publishOverview(engine)
        let history = engine.historySnapshot
        let fresh = history.points(after: state.historySaved)
        let closes = state.evaluator.takeUnsavedCloses()
        boards.series.prune(now: now)
        writer.flush(StateFlush(states: Dictionary(zip(engine.rules.map(\.name), engine.states), uniquingKeysWith: { $1 }),
                                metrics: boards.metrics.snapshot, history: fresh, keepingFrom: history.oldest, at: now,
                                closes: closes.closes, closesKeepingFrom: closes.keepingFrom,
                                series: boards.series.takeChanged(), seriesKeepingFrom: SeriesCollection.oldestMinute(now: now)))
        // The writer keeps a failed flush queued until it succeeds, so these points are not lost.
        let keys = history.keys
        state.historySaved = state.historySaved.filter { keys.contains($0.key) }
            .merging(fresh.compactMapValues { $0.last?.at }) { $1 }
        state.lastFlush = now
    }
}
