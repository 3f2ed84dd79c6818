/// `satwatch status`: rule states, last metric values, and pending/dead deliveries, read from the
/// state file (safe while the worker runs: it opens its own connection).
enum StatusCommand: SatwatchCommand {
    static let name = "status"
    static let help = """
        Usage: satwatch status [--config F]

        Prints each rule's state, the last value of every metric, delivery totals per channel
        with each channel's next delivery and when it is tried, and every pending or dead
        delivery, from the state file. Safe while the worker runs.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let (setup, store): (Setup, StateStore)
        switch StateFileAccess.open(parsed, io: io, command: name, missing: "the worker has not run with this config") {
        case .exit(let status): return status
        case .ready(let loaded, let opened): (setup, store) = (loaded, opened)
        }
        do {
            let counts = try store.outboxCounts()
            var heads: [String: OutboxEntry] = [:]
            for (channel, count) in counts where count.pending > 0 { heads[channel] = try store.nextPendingEntry(channel: channel) }
            let report = StatusReport(rules: setup.rules.map(\.name), feeds: setup.config.feeds.map(\.kind),
                                      states: try store.loadRuleStates(), metrics: try store.loadMetrics(),
                                      counts: counts, entries: try store.entries(states: [.pending, .dead], limit: 50),
                                      redactor: setup.config.redactor, heads: heads,
                                      disabled: Set(setup.rules.filter(\.isDisabled).map(\.name)),
                                      silences: try store.silences(endingAfter: WallClock.now()))
            io.out("state: \(setup.config.statePath)")
            io.out(report.text)
            return 0
        } catch {
            io.err("satwatch status: \(error)")
            return 1
        }
    }
}
