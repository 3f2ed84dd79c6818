import SatwatchBase
import SatwatchFeeds

/// `satwatch record`: connects one configured feed and writes every frame with its receive time,
/// for `replay`. Stops after `--duration`, or on SIGINT/SIGTERM.
enum RecordCommand: SatwatchCommand {
    static let name = "record"
    static let help = """
        Usage: satwatch record --config F --feed NAME --out REC [--duration D]

        Connects the feed NAME as configured in F (url, products, symbols, ca_file) and writes
        each frame it receives, with its receive time, as one JSON line {"at","feed","frame"} to
        REC, until --duration (e.g. 10m) passes or SIGINT/SIGTERM. 'satwatch replay' reads it.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "feed", "out", "duration"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let feedName = try parsed.required("feed"), out = try parsed.required("out")
        let kind = try UsageError.feed(named: feedName)
        var duration: TimeSpan?
        if let text = parsed[option: "duration"] {
            guard let span = TimeSpan(parsing: text), span.milliseconds > 0 else { throw UsageError("invalid --duration \"\(text)\" (e.g. 30s, 10m, 1h)") }
            duration = span
        }
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        let logger = Logger(level: .info, sink: io.err)
        guard let setup = Setup.loadValid(path: path, io: io, logger: logger, secrets: .feeds) else { return 1 }
        guard let feed = setup.config.feed(kind) else {
            io.err("satwatch record: feed \"\(feedName)\" is not enabled in \(path)")
            return 1
        }
        let writer: RecordingWriter
        do { writer = try RecordingWriter(path: out) } catch {
            io.err("satwatch record: cannot write \(error.description)")
            return 1
        }
        let started = WallClock.now()
        let health = FeedHealthBoard([feed.kind])
        await record(feed, into: writer, for: duration, health: health, logger: logger)
        let took = (WallClock.now() - started).wholeSecondsText
        // Nothing received is a failed recording (no network, a wrong URL), not an empty success.
        guard writer.frames > 0 else {
            let error = health.snapshot.first?.lastError.map { " (last error: \(setup.config.redactor.redact($0)))" } ?? ""
            io.err("satwatch record: no frame received from \(feedName) in \(took)\(error); \(out) holds nothing")
            return 1
        }
        io.err("satwatch record: \(Plural.count(writer.frames, "frame")) from \(feedName) in \(took) written to \(out)")
        return 0
    }

    /// Runs the feed's service with a sink that writes frames, until the time is up or a signal.
    private static func record(_ feed: FeedConfig, into writer: RecordingWriter, for duration: TimeSpan?, health: FeedHealthBoard,
                               logger: Logger) async {
        let service = feed.service(health: health, logger: logger, sink: writer.append)
        let signals = UnixSignals([.terminate, .interrupt])
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await service.run() }
            group.addTask { for await _ in signals { return } }
            if let duration { group.addTask { try? await Task.sleep(for: duration.duration) } }
            await group.next()
            group.cancelAll()
        }
    }
}
