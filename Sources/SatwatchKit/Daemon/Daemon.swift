/// `satwatch run`: the worker. Runs one generation of services for the loaded setup; SIGHUP
/// reloads config and rules and swaps generations (an invalid reload is logged and the running
/// set kept); SIGTERM/SIGINT stop gracefully within `shutdownGrace`.
public struct Daemon: Sendable {
    let configPath: String
    let environment: [String: String]
    let logger: Logger
    /// How long a stopping generation may take before the worker exits anyway.
    static let shutdownGrace = TimeSpan.seconds(4)

    /// Runs until SIGTERM/SIGINT; returns the exit status.
    public static func run(configPath: String, io: CommandIO) async -> Int32 {
        // Channels keep the logger they are configured with (the `log` channel writes through it),
        // so it is the worker's one logger, set to the config's format and level once read.
        let logger = Logger(sink: io.err)
        guard let setup = Setup.loadValid(path: configPath, io: io, logger: logger) else { return 1 }
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
        logger.configure(format: setup.config.logFormat, level: setup.config.logLevel)
        let daemon = Daemon(configPath: configPath, environment: io.environment, logger: logger)
        return await daemon.run(setup)
    }

    private func run(_ initial: Setup) async -> Int32 {
        let signals = UnixSignals([.terminate, .interrupt, .hangup])
        let boards = Boards(health: FeedHealthBoard(initial.config.feeds.map(\.kind)), metrics: MetricBoard(),
                            rules: RuleStateBoard(), deliveries: DeliveryCounters(), histories: HistoryHandover(),
                            startedAt: WallClock.now())
        var setup = initial
        guard var running = start(setup, boards: boards) else { return 1 }
        for await signal in signals {
            switch signal {
            case .terminate, .interrupt:
                logger.info("stopping", ["signal": signal.description])
                await stop(running)
                logger.info("stopped")
                return 0
            case .hangup:
                guard let reloaded = reload() else { continue }
                await stop(running)
                setup = reloaded
                guard let next = start(setup, boards: boards) else { return 1 }
                running = next
                logger.info("reloaded", summary(setup))
            }
        }
        return 0
    }

    /// Starts a generation in its own task; nil when its services cannot be built.
    private func start(_ setup: Setup, boards: Boards) -> Task<Void, Never>? {
        let generation = Generation(setup: setup, logger: logger, boards: boards)
        let services: [any Service]
        do {
            services = try generation.services()
        } catch {
            logger.error("cannot start", ["error": "\(error)"])
            return nil
        }
        logger.info("started", summary(setup))
        return Task { await ServiceGroup(services, logger: logger).run() }
    }

    /// Cancels a generation and waits for it, at most `shutdownGrace`.
    private func stop(_ task: Task<Void, Never>) async {
        task.cancel()
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await task.value; return true }
            group.addTask { try? await Task.sleep(for: Self.shutdownGrace.duration); return false }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !finished { logger.warn("shutdown grace period over; exiting with work still in flight (it stays pending)") }
    }

    /// Loads the config again; logs every problem and returns nil when it is invalid.
    private func reload() -> Setup? {
        logger.info("reloading", ["config": configPath])
        let (setup, diagnostics) = Setup.load(path: configPath, environment: environment, logger: logger)
        guard let setup, diagnostics.isEmpty else {
            for diagnostic in diagnostics { logger.error("reload rejected", ["problem": diagnostic.description]) }
            logger.error("reload failed; keeping the running config and rules", ["problems": "\(diagnostics.count)"])
            return nil
        }
        logger.configure(format: setup.config.logFormat, level: setup.config.logLevel)
        return setup
    }

    private func summary(_ setup: Setup) -> LogFields {
        let config = setup.config
        return ["feeds": config.feeds.map(\.kind.rawValue).joined(separator: ","), "rules": "\(setup.rules.count)",
                "channels": config.channelNames.joined(separator: ","), "state": config.statePath,
                "http": config.httpListen?.description ?? "off"]
    }
}
