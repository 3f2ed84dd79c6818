import BlockingPool
import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchState

/// `satwatch run`: the worker. Runs the feeds and one generation of services for the loaded
/// setup; SIGHUP reloads config and rules (an invalid reload is logged and the running set kept);
/// SIGTERM/SIGINT stop within `shutdownGrace`; a service that fails stops the worker with exit 1,
/// so a supervisor restarts it. Under systemd's `Type=notify` it reports each of these steps and
/// feeds the watchdog (`SystemdNotifier`).
package struct Daemon: Sendable {
    let configPath: String
    let environment: [String: String]
    let logger: Logger
    /// Tells systemd when the worker is ready, reloading or stopping, and feeds its watchdog.
    let notifier: SystemdNotifier?
    /// How long stopping may take before the worker exits anyway (systemd's stop timeout is 5 s).
    static let shutdownGrace = TimeSpan.seconds(4)
    /// The graceful part of it: deliveries in flight may finish; then everything is cancelled.
    static let drainGrace = TimeSpan.seconds(2)
    /// How long the start waits for the evaluator to take up the state file's history.
    static let restoreWait = TimeSpan.seconds(10)

    /// Runs until SIGTERM/SIGINT; returns the exit status.
    package static func run(configPath: String, io: CommandIO) async -> Int32 {
        // Channels keep the logger they are configured with (the `log` channel writes through it),
        // so it is the worker's one logger, set to the config's format and level once read.
        let logger = Logger(journal: JournalStream.isStandardError(environment: io.environment), sink: io.err)
        guard let setup = Setup.loadValid(path: configPath, io: io, logger: logger, serving: true) else { return 1 }
        logger.configure(format: setup.config.logFormat, level: setup.config.logLevel)
        DescriptorShortage.process.attach(logger)
        // Before anything is opened or started: a limit too low to run in is said now, not
        // found out as a hang or a crash later.
        if let refusal = ProcessLimits.ensure(setup.config.processNeeds, logger: logger) {
            logger.error("cannot start", ["error": refusal])
            return 1
        }
        // The claim comes before the store is opened and lasts the whole process, reloads
        // included (a reload keeps the state file it started with claimed).
        let claim: StateFileLock
        do {
            claim = try await StateFileLock.claimChecked(statePath: setup.config.statePath)
        } catch {
            io.err("\(error)")
            return 1
        }
        defer { withExtendedLifetime(claim) {} }
        let daemon = Daemon(configPath: configPath, environment: io.environment, logger: logger,
                            notifier: SystemdNotifier.fromEnvironment(io.environment, logger: logger))
        return await daemon.run(setup)
    }

    private func run(_ initial: Setup) async -> Int32 {
        let (events, emit) = AsyncStream.makeStream(of: DaemonEvent.self)
        let signals = Task {
            for await signal in UnixSignals([.terminate, .interrupt, .hangup]) { emit.yield(.signal(signal)) }
        }
        defer { signals.cancel() }
        // Owned here, not by a generation: the watchdog is fed across reloads.
        let watchdog = notifier?.startWatchdog()
        defer { watchdog?.cancel() }
        // Owned here too: a step of the wall clock is logged once, whatever generation runs.
        let clockWatch = Task { [logger] in await ClockWatch(clock: .live, logger: logger).run() }
        defer { clockWatch.cancel() }
        let boards = Boards(health: FeedHealthBoard(initial.config.feeds.map(\.kind)), metrics: MetricBoard(),
                            rules: RuleStateBoard(), deliveries: DeliveryCounters(), histories: HistoryHandover(),
                            store: StoreHealthBoard(logger: logger), startedAt: ProcessClock.live.now())
        let inbox = EvaluatorInbox()
        let backlog = FrameBacklog()
        let feeds = FeedSet(health: boards.health, logger: logger, inbox: inbox, backlog: backlog) { emit.yield($0) }
        let endpoint = Endpoint(statePath: initial.config.statePath, boards: boards, logger: logger)
        defer { withExtendedLifetime(endpoint) {} }
        do {
            try await endpoint.serve(initial)
        } catch {
            logger.error("cannot start", ["error": "\(error)"])
            return 1
        }
        var setup = initial
        var generation = 1
        var running = start(setup, generation: generation, boards: boards, inbox: inbox, backlog: backlog, emit: emit)
        // The page and the API answer from here on: what the state file kept (the charts' last
        // 24 h) is on them before the worker says it started. Bounded: a state file that cannot
        // be read is the evaluator's failure to report, not a reason to hang the start.
        await boards.historyRestored.wait(for: Self.restoreWait)
        // A valid start ends what a rejected reload of an earlier process left in the file.
        recordInStateFile(rejection: nil, statePath: setup.config.statePath)
        logWarnings(setup)
        // Logged before the feeds connect, so their first lines (a connect failure, say) follow it.
        logger.info("started", summary(setup))
        await feeds.update(to: setup.config.feeds)
        notifier?.send([("READY", "1"), ("STATUS", status("running", setup))])
        for await event in events {
            switch event {
            case .signal(.terminate), .signal(.interrupt):
                if case .signal(let signal) = event { logger.info("stopping", ["signal": signal.description]) }
                notifier?.send([("STOPPING", "1")])
                let stopped = await stop(running, feeds: feeds, endpoint: endpoint)
                if !stopped { logger.warn("shutdown grace period over; exiting with work still in flight (it stays pending)") }
                // Only once nothing writes any more: a late write would be left on the old timeline.
                if stopped { await settleTimeline(setup) }
                logger.info("stopped")
                return 0
            case .signal:
                notifier?.send(SystemdNotifier.reloading())
                let reloaded: Setup
                switch await reload(replacing: setup, endpoint: endpoint) {
                case .loaded(let loaded): reloaded = loaded
                case .rejected(let problem):
                    let rejection = ReloadRejectionStore.Rejection(at: ProcessClock.live.now(), problem: problem)
                    boards.reloads.record(rejection)
                    recordInStateFile(rejection: rejection, statePath: setup.config.statePath)
                    notifier?.send([("READY", "1"), ("STATUS", status("reload failed; running the previous config", setup))])
                    continue
                }
                // Never two generations at once: one that does not stop in time ends the worker,
                // and the supervisor starts a clean one.
                guard await stop(running, feeds: nil, endpoint: nil) else {
                    logger.error("reload: the running generation did not stop within \(Self.shutdownGrace.text); exiting")
                    return 1
                }
                setup = reloaded
                generation += 1
                running = start(setup, generation: generation, boards: boards, inbox: inbox, backlog: backlog, emit: emit)
                boards.reloads.recordSuccess(at: ProcessClock.live.now())
                recordInStateFile(rejection: nil, statePath: setup.config.statePath)
                let (restarted, kept) = await feeds.update(to: setup.config.feeds)
                logWarnings(setup)
                logger.info("reloaded", LogFields(summary(setup).pairs + [("feeds_restarted", "\(restarted)"),
                                                                          ("feeds_kept", "\(kept)")]))
                notifier?.send([("READY", "1"), ("STATUS", status("running", setup))])
            case .serviceEnded(let ending, let from):
                guard from == nil || from == generation else { continue }
                logger.error(ending.error == nil ? "service stopped unexpectedly; stopping the worker" : "service failed; stopping the worker",
                             ["service": ending.service, "error": ending.error ?? "none"])
                _ = await stop(running, feeds: feeds, endpoint: endpoint)
                return 1
            }
        }
        return 0
    }

    /// Starts a generation in its own task.
    private func start(_ setup: Setup, generation: Int, boards: Boards, inbox: EvaluatorInbox, backlog: FrameBacklog,
                       emit: AsyncStream<DaemonEvent>.Continuation) -> Running {
        let built = Generation(setup: setup, logger: logger, boards: boards, inbox: inbox, backlog: backlog)
        let services = built.services()
        return Running(gate: built.gate, task: Task {
            if let ending = await ServiceGroup(services).run() { emit.yield(.serviceEnded(ending, generation: generation)) }
        })
    }

    /// A started generation.
    struct Running {
        let gate: DrainGate
        let task: Task<Void, Never>
    }

    /// Stops a generation (and, when given, every feed and the endpoint) and waits for them, at
    /// most `shutdownGrace` in all; true when everything stopped in time. First the graceful
    /// phase: deliveries in flight may finish for up to `drainGrace`; then everything is cancelled.
    private func stop(_ generation: Running?, feeds: FeedSet?, endpoint: Endpoint?) async -> Bool {
        await Deadline.run(within: Self.shutdownGrace) {
            if let gate = generation?.gate { _ = await Deadline.run(within: Self.drainGrace) { await gate.close() } }
            generation?.task.cancel()
            await generation?.task.value
            await feeds?.stopAll()
            await endpoint?.stop()
        }
    }

    /// After the wall clock stepped, moves the state file's times onto it before the worker exits
    /// (`StateStore.moveTimeline`): the next start's steady timeline begins at the wall time.
    private func settleTimeline(_ setup: Setup) async {
        let offset = ProcessClock.live.offset
        guard offset != .zero else { return }
        let path = setup.config.statePath
        // On the lane of the state file's other records, after any still queued there.
        let failure = await Self.outcomeRecords.run { () -> String? in
            do {
                let store = try StateStore.open(path: path)
                defer { store.close() }
                try store.moveTimeline(by: offset)
                return nil
            } catch {
                return "\(error)"
            }
        }
        if let failure {
            logger.error("stored times left on the worker's timeline; after this restart they are off by the clock's step",
                         ["offset": ClockWatch.text(offset), "error": failure])
        } else {
            logger.info("stored times moved to the wall clock", ["offset": ClockWatch.text(offset)])
        }
    }

    /// What a reload gave: the new setup, or the first reason it was refused.
    private enum ReloadOutcome {
        case loaded(Setup)
        case rejected(String)
    }

    /// Loads the config again and moves the endpoint to it; logs every problem and returns the
    /// first (the endpoint unchanged) when it is invalid or its new `http.listen` cannot be
    /// bound. The files are read and compiled on the work pool (`WorkerPools.work`): frames go on
    /// being evaluated on the cooperative pool meanwhile, however large the rule set or slow the
    /// disk.
    private func reload(replacing running: Setup, endpoint: Endpoint) async -> ReloadOutcome {
        logger.info("reloading", ["config": configPath])
        let loaded = try? await WorkerPools.work.run { [configPath, environment, logger] in
            Setup.load(path: configPath, environment: environment, logger: logger, serving: true)
        }
        guard let loaded else {
            let problem = "the work pool has \(WorkerPools.work.capacity) jobs waiting; send SIGHUP again"
            logger.error("reload failed; keeping the running config and rules", ["problem": problem])
            return .rejected(problem)
        }
        let (setup, diagnostics) = loaded
        guard let setup, diagnostics.isEmpty else {
            for diagnostic in diagnostics { logger.error("reload rejected", ["problem": diagnostic.description]) }
            logger.error("reload failed; keeping the running config and rules", ["problems": "\(diagnostics.count)"])
            return .rejected(diagnostics.first?.description ?? "\(configPath): cannot be read")
        }
        // The lock taken at start covers the state file the worker started with only.
        guard setup.config.statePath == running.config.statePath else {
            let problem = "\"state\" changed (\(running.config.statePath) → \(setup.config.statePath)): restart the worker to switch state files"
            logger.error("reload failed; keeping the running config and rules", ["problem": problem])
            return .rejected(problem)
        }
        do {
            try await endpoint.serve(setup)
        } catch {
            logger.error("reload failed; keeping the running config and rules", ["problem": "\(error)"])
            return .rejected("\(error)")
        }
        logger.configure(format: setup.config.logFormat, level: setup.config.logLevel)
        return .loaded(setup)
    }

    /// Where reload outcomes are written, one after another in the order they happened.
    private static let outcomeRecords = BlockingPool.Lane(on: WorkerPools.stateFile)

    /// Records in the state file the rejected reload, or (nil) that the config loaded since, for
    /// `status`, which reads only the file. A rare write, on a connection and a lane of its own:
    /// the main loop does not wait for it (a locked file would hold it for the busy timeout, and
    /// a stop must not wait). A failure is logged; the page and `/healthz` still say it. A file
    /// not at its path is not made for it: a new one (the first start's, being made) has nothing
    /// to clear, and one moved aside while the worker runs must stay missing.
    private func recordInStateFile(rejection: ReloadRejectionStore.Rejection?, statePath: String) {
        Self.outcomeRecords.submit { [logger] in
            guard FileBytes.exists(statePath) else {
                if rejection != nil { logger.error("cannot record the rejected reload in the state file", ["error": "no file at \(statePath)"]) }
                return
            }
            do {
                let store = try StateStore.open(path: statePath)
                defer { store.close() }
                if let rejection { try store.reloadRejection.record(rejection) } else { try store.reloadRejection.clear() }
            } catch {
                logger.error("cannot record the reload's outcome in the state file", ["error": "\(error)"])
            }
        }
    }

    /// Logs what loading found but did not refuse (links that lead nowhere, no rules at all).
    private func logWarnings(_ setup: Setup) {
        for warning in setup.warnings { logger.warn(warning.message, ["path": warning.path]) }
    }

    /// systemd's one-line status (`systemctl status`): what the worker does and with what.
    private func status(_ state: String, _ setup: Setup) -> String {
        ([state] + summary(setup).pairs.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }

    /// `rules` counts the rules evaluated; `rules_disabled` the others, when there are any.
    private func summary(_ setup: Setup) -> LogFields {
        let config = setup.config
        let disabled = setup.rules.filter(\.isDisabled).count
        return LogFields([("feeds", config.feeds.map(\.kind.rawValue).joined(separator: ",")),
                          ("rules", "\(setup.rules.count - disabled)")]
            + (disabled > 0 ? [("rules_disabled", "\(disabled)")] : [])
            + [("channels", config.channelNames.joined(separator: ",")), ("state", config.statePath),
               ("http", config.httpListen?.description ?? "off")])
    }
}

/// What the daemon's main loop reacts to, in the order it happened.
enum DaemonEvent: Sendable {
    /// SIGTERM, SIGINT or SIGHUP.
    case signal(UnixSignal)
    /// A service ended by itself (generation `generation`, or a feed when nil).
    case serviceEnded(ServiceGroup.Ending, generation: Int?)
}
