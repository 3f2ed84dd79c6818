import SatwatchBase
import SatwatchState

/// How `status`, `history`, `silence`, `retry` and `purge` reach the state file: through the
/// config, on a connection of their own, so they work while the worker runs (WAL; the busy
/// timeout orders their writes), and while a rule file on disk is broken (`loadSetup`).
enum StateFileAccess {
    /// What opening gave: the setup and its store, or the exit status to return at once.
    enum Opened {
        case ready(Setup, StateStore)
        case exit(Int32)
    }

    /// What finding the state file gave: as `Opened`, or a valid setup whose file does not
    /// exist yet (for a command that still has something to print then, such as JSON).
    enum Found {
        case ready(Setup, StateStore)
        case absent(Setup)
        case exit(Int32)
    }

    /// Loads the config named by `--config` (or the default) and opens its state file; prints
    /// why and returns an exit status when the config is invalid (1), the file is missing (0,
    /// printing `missing`), or is damaged or cannot be opened (1). A damaged file is reported as
    /// such and left as it is, never half-read or written to.
    static func open(_ parsed: ArgumentList, io: CommandIO, command: String, missing: String) -> Opened {
        switch find(parsed, io: io, command: command) {
        case .ready(let setup, let store): return .ready(setup, store)
        case .exit(let status): return .exit(status)
        case .absent(let setup):
            io.out("no state file at \(setup.config.statePath) yet: \(missing)")
            return .exit(0)
        }
    }

    /// As `open`, but a missing file is the caller's to report (`.absent`).
    static func find(_ parsed: ArgumentList, io: CommandIO, command: String) -> Found {
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        guard let setup = loadSetup(path: path, io: io) else { return .exit(1) }
        let statePath = setup.config.statePath
        guard FileBytes.exists(statePath) else { return .absent(setup) }
        do {
            try StateStore.checkIntegrity(path: statePath)
            return .ready(setup, try StateStore.open(path: statePath))
        } catch {
            io.err("satwatch \(command): \(error)")
            return .exit(1)
        }
    }

    /// Loads the config for a command that only reads or manages the state file. Problems in
    /// rule files do not stop it: the running worker goes on with its last good rules, and the
    /// operator needs these commands most then; each problem is printed, then a warning that
    /// `check` finds them. A config file that cannot be read, or has a problem of its own, stops
    /// it (nil): the state file's path, the channels and the secrets to hide come from there.
    static func loadSetup(path: String, io: CommandIO) -> Setup? {
        let logger = Logger(level: .error, sink: io.err)
        let (loaded, log) = Setup.loadLogged(path: path, environment: io.environment, logger: logger, secrets: .none)
        guard var setup = loaded, !log.diagnostics.contains(where: { $0.path == path }) else {
            for diagnostic in log.diagnostics { io.err(diagnostic.description) }
            io.err("\(path): \(Plural.count(log.count, "problem")); \(Setup.unsetHint(log) ?? "run 'satwatch check' for details")")
            return nil
        }
        guard !log.isEmpty else { return setup }
        for diagnostic in log.diagnostics { io.err(diagnostic.description) }
        io.err(LoadWarning(path: path, "\(Plural.count(log.count, "problem")) in the rule files (run 'satwatch check' for details); "
                           + "going on with the state file").description)
        setup.rulesIncomplete = true
        return setup
    }
}
