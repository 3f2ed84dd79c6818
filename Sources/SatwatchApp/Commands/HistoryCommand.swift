import SatwatchBase
import SatwatchJSON
import SatwatchState

/// `satwatch history`: every stored notification with what became of it on each channel, read
/// from the state file (safe while the worker runs: it opens its own connection).
enum HistoryCommand: SatwatchCommand {
    static let name = "history"
    static let help = """
        Usage: satwatch history [--since D] [--rule GLOB] [--channel C] [--json] [--config F | --url URL]

        Lists the notifications kept in the state file, oldest first, one line per channel with
        its outcome: sent (when, after how many attempts), pending (when it is tried next), dead
        (since when, and why); a silenced or muted delivery shows as such. --since D (e.g. 2h,
        7d) lists only the last D; --rule GLOB only rules matching it ('btc-*', 'fee-?'); --channel
        C only deliveries to channel C (to all its peers for an alertmanager channel with "urls";
        C#2 names one peer's queue). --json prints one JSON array instead: each notification
        with its labels, values and deliveries. The worker keeps notifications for
        "state_retention" (default 30d). Safe while the worker runs.
        --url URL (or $SATWATCH_URL): ask the worker at URL through its HTTP API instead, e.g.
        http://host:9464.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "since", "rule", "channel", "url"], flags: ["json"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let filter = try HistoryFilter(parsed, now: WallClock.now())
        let json = parsed.has(flag: "json")
        if let worker = try RemoteWorker.named(by: parsed, io: io) {
            return try await RemoteReports(worker: worker, io: io).history(since: parsed[option: "since"], rule: parsed[option: "rule"],
                                                                       channel: parsed[option: "channel"], json: json)
        }
        let (setup, store): (Setup, StateStore)
        switch StateFileAccess.find(parsed, io: io, command: name) {
        case .exit(let status): return status
        case .absent(let loaded):
            try checkChannel(filter, setup: loaded, log: [])
            let missing = "no state file at \(loaded.config.statePath) yet: no notifications"
            guard json else { io.out(missing); return 0 }
            // Nothing stored is an empty history, and JSON stays one parseable document.
            io.err(missing)
            io.out("[]")
            return 0
        case .ready(let loaded, let opened): (setup, store) = (loaded, opened)
        }
        let log: [LoggedNotification]
        do {
            log = try store.notificationLog.entries(since: filter.since)
        } catch {
            io.err("satwatch history: \(error)")
            return 1
        }
        try checkChannel(filter, setup: setup, log: log)
        let report = HistoryReport(log: filter.apply(log), redactor: setup.config.redactor)
        io.out(json ? report.json.prettyJSONText() : report.text)
        return 0
    }

    /// A channel is known when configured or when any stored delivery went to it (a channel
    /// since removed from the config keeps its history); otherwise a usage error naming the
    /// closest configured one.
    private static func checkChannel(_ filter: HistoryFilter, setup: Setup, log: [LoggedNotification]) throws(UsageError) {
        if let unknown = unknownChannel(filter, known: setup.config.channelAndQueueNames, log: log) { throw unknown }
    }

    /// Why `filter`'s channel is unknown: neither one of `known` (the channels and their peers'
    /// queues, `am#2`) nor a queue of it in any delivery of `log`; nil when it is known or there
    /// is none. `history` and `/api/v1/history` say it alike.
    static func unknownChannel(_ filter: HistoryFilter, known: [String], log: [LoggedNotification]) -> UsageError? {
        guard let channel = filter.channel, !known.contains(channel),
              !log.contains(where: { $0.deliveries.contains { QueueNames.isQueue($0.channel, of: channel) } }) else { return nil }
        return UsageError.unknown("channel", channel, among: known, listedAs: "configured")
    }
}
