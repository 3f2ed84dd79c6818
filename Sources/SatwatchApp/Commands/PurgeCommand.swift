import SatwatchBase
import SatwatchState

/// `satwatch purge --dead [--older-than D] [--config F]`: deletes dead deliveries (and their
/// notifications once nothing else refers to them). Safe while the worker runs.
enum PurgeCommand: SatwatchCommand {
    static let name = "purge"
    static let help = """
        Usage: satwatch purge --dead [--older-than D] [--config F]

        Deletes dead deliveries from the state file, and their notifications once no other
        delivery of them is left; with --older-than D (e.g. 7d, 12h) only those dead for longer
        than D. Prints how many deliveries were deleted. The worker prunes sent and dead
        deliveries older than "state_retention" (default 30d) by itself; purge is for sooner.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config", "older-than"], flags: ["dead"])
        guard parsed.has(flag: "dead") else { throw UsageError("purge deletes dead deliveries: pass --dead") }
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument \"\(extra)\"") }
        var olderThan = TimeSpan.zero
        if let text = parsed[option: "older-than"] {
            guard let span = TimeSpan(parsing: text) else {
                throw UsageError("invalid duration \"\(text)\" for --older-than (use e.g. 12h, 7d)")
            }
            olderThan = span
        }
        let store: StateStore
        switch StateFileAccess.open(parsed, io: io, command: name, missing: "nothing to \(name)") {
        case .exit(let status): return status
        case .ready(_, let opened): store = opened
        }
        do {
            // Without --older-than every dead delivery goes, including one marked this very millisecond.
            let cutoff = olderThan == .zero ? Timestamp(milliseconds: .max) : WallClock.now() - olderThan
            let count = try store.outbox.purgeDead(updatedBefore: cutoff)
            try store.maintenance.returnFreePages()
            io.out("deleted \(Plural.count(count, "dead delivery", plural: "dead deliveries"))")
            return 0
        } catch {
            io.err("satwatch purge: \(error)")
            return 1
        }
    }
}
