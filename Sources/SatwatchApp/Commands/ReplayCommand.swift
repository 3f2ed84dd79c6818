import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchJSON
import SatwatchRules

/// `satwatch replay`: evaluates the rules over a recorded stream as fast as possible, in
/// recorded time, printing every notification that would be sent as one JSON line.
enum ReplayCommand: SatwatchCommand {
    static let name = "replay"
    static let help = """
        Usage: satwatch replay --config F --input REC [--feed NAME] [--start TIME] [--dispatch]

        Evaluates the config's rules over a recording, in recorded time and as fast as possible,
        and prints each notification that would be sent as one JSON line:
          {"rule","status","metric","value","threshold","at","channels","values"}
        REC is a file written by 'satwatch record', or a raw frame file (one frame per line) with
        --feed NAME, paced by the .offsets file beside it when present; raw frames start at
        --start (RFC 3339, default: now). --dispatch really sends the notifications.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "input", "feed", "start"], flags: ["dispatch"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let input = try parsed.required("input")
        var feed: FeedKind?
        if let name = parsed[option: "feed"] {
            feed = try UsageError.feed(named: name)
        }
        var start = WallClock.now()
        if let text = parsed[option: "start"] {
            guard let parsedStart = Timestamp(rfc3339: text) else { throw UsageError("--start must be an RFC 3339 time, e.g. 2025-12-10T14:02:00Z") }
            start = parsedStart
        }
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        let logger = Logger(level: .warn, sink: io.err)
        guard let setup = Setup.loadValid(path: path, io: io, logger: logger,
                                              secrets: parsed.has(flag: "dispatch") ? .all : .none) else { return 1 }
        let frames: [RecordedFrame]
        do {
            frames = try RecordingReader.read(input, feed: feed, start: start)
        } catch {
            io.err("satwatch replay: \(error.message)")
            return 1
        }
        // Only the recorded feeds are watched for silence: of the others the recording says nothing.
        let recorded = Set(frames.map(\.feed))
        var evaluator = FrameEvaluator(engine: RuleEngine(rules: setup.rules, derived: setup.config.derived, defaultChannels: setup.config.defaultChannels,
                                                         commonLabels: setup.config.labels),
                                       feeds: setup.config.feeds.filter { recorded.contains($0.kind) }, now: frames.first?.at ?? start)
        var notified = 0
        for frame in frames {
            // The worker would have been up between two frames: every deadline acts on time, a
            // feed's `stale_after` too (its `feed-stale:` alert fires and holds its rules).
            let changes = evaluator.advanceStepwise(before: frame.at) + evaluator.process(frame).changes
            for notification in changes.compactMap(\.notification) {
                notified += 1
                io.out(line(for: notification))
                if parsed.has(flag: "dispatch") { await dispatch(notification, channels: setup.config.channels, io: io) }
            }
        }
        for (feed, reasons) in evaluator.skipped.sorted(by: { $0.key < $1.key }) {
            let list = reasons.sorted { $0.key.code < $1.key.code }.map { "\($0.key.code)=\($0.value)" }.joined(separator: " ")
            io.err("satwatch replay: \(feed.rawValue): skipped frames: \(list)")
        }
        // Raw frames replayed at another time than they were received (a CoinGecko answer's
        // `last_updated_at`) say so here rather than fire nothing without a word.
        for (feed, counted) in evaluator.outOfTime.sorted(by: { $0.key < $1.key }) {
            io.err("satwatch replay: \(feed.rawValue): samples out of time: future=\(counted.future) stale=\(counted.stale)")
        }
        io.err(summary(notified: notified, rules: setup.rules.count { !$0.isDisabled }, frames: frames))
        return 0
    }

    /// What was replayed, on standard error (standard output has only notifications), so a
    /// replay that notified nothing still says what it went through:
    /// `satwatch replay: 0 notifications from 3 rules over 312 frames (2025-12-10T14:02:00.000Z to 2025-12-10T14:09:31.000Z)`.
    static func summary(notified: Int, rules: Int, frames: [RecordedFrame]) -> String {
        let span = frames.first.map { first in " (\(first.at.rfc3339) to \((frames.last ?? first).at.rfc3339))" } ?? ""
        return "satwatch replay: \(Plural.count(notified, "notification")) from \(Plural.count(rules, "rule")) over "
            + "\(Plural.count(frames.count, "frame"))\(span)"
    }

    /// The contract's replay line.
    static func line(for notification: Notification) -> String {
        let value: JSONValue = [
            "rule": .string(notification.rule), "status": .string(notification.status.rawValue),
            "metric": .string(notification.metric), "value": .number(notification.value),
            "threshold": .number(notification.threshold), "at": .string(notification.at.rfc3339),
            "channels": .array(notification.channels.map { JSONNode(.string($0)) }),
            "values": .object(notification.values.map { JSONMember(key: $0.name, node: JSONNode(.number($0.value))) }),
        ]
        return value.jsonText()
    }

    private static func dispatch(_ notification: Notification, channels: [String: any Channel], io: CommandIO) async {
        for name in notification.channels {
            guard let channel = channels[name] else { continue }
            if case .failed(let failure) = await channel.deliver(notification) {
                io.err("satwatch replay: \(name): \(notification.rule) \(notification.status.rawValue) not delivered: \(failure.reason)")
            }
        }
    }
}
