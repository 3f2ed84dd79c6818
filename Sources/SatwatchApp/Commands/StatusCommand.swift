import SatwatchBase
import SatwatchRules
import SatwatchState

/// `satwatch status`: rule states, last metric values, and pending/dead deliveries, read from the
/// state file (safe while the worker runs: it opens its own connection).
enum StatusCommand: SatwatchCommand {
    static let name = "status"
    static let help = """
        Usage: satwatch status [--json] [--config F | --url URL]

        Prints each rule's state, the last value of every metric, delivery totals per channel
        with each channel's next delivery and when it is tried, and every pending or dead
        delivery, from the state file. --json prints the same as one JSON object. Safe while the
        worker runs.
        --url URL (or $SATWATCH_URL): ask the worker at URL through its HTTP API instead, e.g.
        http://host:9464: each rule's state and the running silences.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "url"], flags: ["json"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let json = parsed.has(flag: "json")
        if let worker = try RemoteWorker.named(by: parsed, io: io) { return await RemoteReports(worker: worker, io: io).status(json: json) }
        let (setup, store): (Setup, StateStore)
        switch StateFileAccess.find(parsed, io: io, command: name) {
        case .exit(let status): return status
        case .absent(let loaded):
            let missing = "no state file at \(loaded.config.statePath) yet: the worker has not run with this config"
            guard json else { io.out(missing); return 0 }
            // JSON stays one parseable document: every rule as never evaluated, nothing queued.
            io.err(missing)
            io.out(report(setup: loaded, states: [:], metrics: [], counts: [:], entries: [], heads: [:])
                .json(statePath: loaded.config.statePath).prettyJSONText())
            return 0
        case .ready(let loaded, let opened): (setup, store) = (loaded, opened)
        }
        do {
            let counts = try store.outbox.counts()
            var heads: [String: OutboxEntry] = [:]
            for (channel, count) in counts where count.pending > 0 { heads[channel] = try store.outbox.nextDueEntry(channel: channel) }
            var report = report(setup: setup, states: try store.ruleStates.load(), metrics: try store.latestValues.load(),
                                counts: counts, entries: try store.outbox.entries(states: [.pending, .dead], limit: 50), heads: heads)
            report.silences = try store.silences.list(endingAfter: report.now)
            report.reloadRejection = try store.reloadRejection.load()
            if json {
                io.out(report.json(statePath: setup.config.statePath).prettyJSONText())
            } else {
                io.out("state: \(setup.config.statePath)")
                io.out(report.text)
            }
            return 0
        } catch {
            io.err("satwatch status: \(error)")
            return 1
        }
    }

    private static func report(setup: Setup, states: [String: RuleState], metrics: [Sample], counts: [String: OutboxCounts],
                               entries: [OutboxEntry], heads: [String: OutboxEntry]) -> StatusReport {
        StatusReport(rules: ruleNames(setup: setup, states: states), feeds: setup.config.feeds.map(\.kind), states: states, metrics: metrics,
                     counts: counts, entries: entries, redactor: setup.config.redactor, heads: heads,
                     disabled: Set(setup.rules.filter(\.isDisabled).map(\.name)))
    }

    /// The rules loaded, then, when a rule file is broken, each stored rule not loaded that is
    /// firing or pending: the worker goes on with its last good rules, and such an alert is
    /// what the operator looks for. (A rule removed while it fired shows too: the state file
    /// keeps the state it had.)
    private static func ruleNames(setup: Setup, states: [String: RuleState]) -> [String] {
        let loaded = setup.rules.map(\.name)
        guard setup.rulesIncomplete else { return loaded }
        let known = Set(loaded)
        return loaded + states.filter { name, state in
            !known.contains(name) && !FeedStaleMonitor.names(name) && state.status != .inactive
        }.keys.sorted()
    }
}
