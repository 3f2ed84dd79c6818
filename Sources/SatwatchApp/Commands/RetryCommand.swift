import SatwatchBase
import SatwatchState

/// `satwatch retry (ID | --channel C | --dead) [--config F]`: puts dead deliveries back in the
/// queue. Safe while the worker runs, which picks them up within seconds.
enum RetryCommand: SatwatchCommand {
    static let name = "retry"
    static let help = """
        Usage: satwatch retry (ID | --channel C | --dead) [--config F]

        Puts dead deliveries back in the queue: the delivery ID (shown as #ID by 'satwatch
        status'), every dead delivery of channel C (of all its peers' queues for an alertmanager
        channel with "urls"; C#2 names one peer's queue), or every dead delivery. Each becomes pending
        with no attempts and is due at once; its max age (24h) counts anew from now. A running
        worker picks them up within seconds; otherwise the next 'satwatch run' does. A dead
        delivery that a later notification of the same alert was sent after (a firing whose
        resolve went out) stays dead: sent now, the channel would hear the alert out of order.
        Prints how many deliveries were put back and how many were skipped so. Exit status 1
        when ID is not a dead delivery or is skipped so.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "channel"], flags: ["dead"])
        let selection = try selection(parsed)
        let (setup, store): (Setup, StateStore)
        switch StateFileAccess.open(parsed, io: io, command: name, missing: "nothing to \(name)") {
        case .exit(let status): return status
        case .ready(let loaded, let opened): (setup, store) = (loaded, opened)
        }
        var selections = [selection]
        if case .channel(let channel) = selection {
            guard let queues = setup.config.queues(named: channel) else {
                throw UsageError.unknown("channel", channel, among: setup.config.channelAndQueueNames, listedAs: "configured")
            }
            selections = queues.map(DeadSelection.channel)
        }
        do {
            let now = WallClock.now()
            let retry = try store.inTransaction { try selections.reduce(.none) { try $0 + store.outbox.retryDead($1, at: now) } }
            if case .id(let id) = selection, retry.requeued == 0 {
                io.err(retry.superseded > 0
                    ? "satwatch retry: delivery #\(id) stays dead: a later notification of the same alert was sent after it"
                    : "satwatch retry: no dead delivery #\(id) (see 'satwatch status')")
                return 1
            }
            let skipped = retry.superseded == 0 ? ""
                : "; skipped \(retry.superseded) superseded by a later notification of the same alert, already sent"
            io.out("put \(Plural.count(retry.requeued, "dead delivery", plural: "dead deliveries")) back in the queue" + skipped)
            return 0
        } catch {
            io.err("satwatch retry: \(error)")
            return 1
        }
    }

    /// Exactly one of ID, `--channel C`, `--dead`.
    static func selection(_ parsed: ArgumentList) throws(UsageError) -> DeadSelection {
        var choices: [DeadSelection] = []
        if let channel = parsed[option: "channel"] { choices.append(.channel(channel)) }
        if parsed.has(flag: "dead") { choices.append(.all) }
        for positional in parsed.positionals {
            let digits = positional.hasPrefix("#") ? String(positional.dropFirst()) : positional
            guard let id = Int64(digits), id > 0 else { throw UsageError("expected a delivery ID, found \"\(positional)\"") }
            choices.append(.id(id))
        }
        guard choices.count == 1, let selection = choices.first else {
            throw UsageError("name what to retry: a delivery ID, --channel C or --dead (exactly one)")
        }
        return selection
    }
}
