import SatwatchBase
import SatwatchJSON
import SatwatchState

/// `satwatch silence add|list|expire`: silences kept in the state file, which a running worker
/// reads for every delivery.
enum SilenceCommand: SatwatchCommand {
    static let name = "silence"
    static let help = """
        Usage: satwatch silence (add (--rule GLOB | --match KEY=VALUE)... [--for D | --until TIME] [--comment TEXT] [--quiet] | list [--json] | expire ID) [--config F | --url URL]

        add: keeps notifications that match every --rule (a glob on the rule name, e.g. 'btc-*')
        and --match (a label, e.g. severity=page; alertname and metric are labels too; also
        severity!=info, severity=~page|critical, a regular expression on the whole value, and
        severity!~info|warn) from every channel, for D (e.g. 2h; 1h when neither --for nor --until is given) or until TIME
        (RFC 3339, e.g. 2026-12-24T18:00:00Z). Prints the silence's id, and on standard error
        what it silences until when (--quiet: only the id). A silence that can match nothing
        (two --rule globs no rule name matches both of) is refused. As amtool takes them, a bare
        KEY=VALUE (alertname=btc-100k) is a --match and rule=GLOB a --rule. The author is $USER. A
        running worker applies it to the next delivery. Silenced notifications are recorded as
        silenced; a resolve goes out only where its firing did.
        list: silences not ended yet (--json: all of them, as JSON).
        expire: ends silence ID now.
        --url URL (or $SATWATCH_URL): use the worker at URL through its HTTP API instead of the
        state file here; add and expire send $SATWATCH_TOKEN (or the http.token of --config F)
        as the bearer token.
        """

    /// What `silence` does, its first argument.
    static let actions = ["add", "list", "expire"]

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        guard let action = arguments.first, actions.contains(action) else {
            let found = arguments.first.map { "unknown action \"\($0)\"" + EditDistance.hintOrList(for: $0, among: actions) }
            throw UsageError(found ?? "name what to do: add, list or expire")
        }
        let parsed = try ArgumentList(Array(arguments.dropFirst()), options: ["config", "rule", "match", "for", "until", "comment", "url"],
                                      flags: ["json", "quiet"])
        try refuseWhatDoesNotApply(action, parsed)
        let now = WallClock.now()
        if let worker = try RemoteWorker.named(by: parsed, io: io) {
            return try await RemoteSilences(worker: worker, io: io).run(action, parsed, now: now)
        }
        switch action {
        case "add": return try add(parsed, io: io, now: now)
        case "list": return list(parsed, io: io, now: now)
        default: return expire(parsed.positionals[0], parsed, io: io, now: now)
        }
    }

    /// What each action takes besides `--config` and `--url`, which all do.
    private static let ownOptions: [String: Set<String>] = ["add": ["rule", "match", "for", "until", "comment", "quiet"], "list": ["json"], "expire": []]

    /// Refuses arguments and options `action` does not take, as the other commands refuse
    /// theirs (exit 2): `list` takes no argument and `expire` exactly one id (`add` checks its
    /// own in `SilenceRequest`).
    private static func refuseWhatDoesNotApply(_ action: String, _ parsed: ArgumentList) throws(UsageError) {
        try parsed.refuseOptions(except: ownOptions[action, default: []].union(["config", "url"])) { option in
            "silence " + (ownOptions.first { $0.value.contains(option) }?.key ?? action)
        }
        switch action {
        case "list": try parsed.refuseExtraArguments()
        case "expire":
            guard !parsed.positionals.isEmpty else { throw UsageError("name the silence to expire (its id, from 'satwatch silence list')") }
            try parsed.refuseExtraArguments(after: 1)
        default: break
        }
    }

    private static func add(_ parsed: ArgumentList, io: CommandIO, now: Timestamp) throws(UsageError) -> Int32 {
        let silence = try SilenceRequest(parsed, environment: io.environment, now: now).silence
        let store: StateStore
        do {
            switch StateFileAccess.find(parsed, io: io, command: name) {
            case .exit(let status): return status
            case .ready(_, let opened): store = opened
            // A silence may be set before the worker first runs: the file is created for it.
            case .absent(let setup): store = try StateStore.open(path: setup.config.statePath)
            }
            try store.silences.add(silence)
        } catch {
            io.err("satwatch silence: \(error)")
            return 1
        }
        report(silence, parsed, io: io)
        return 0
    }

    /// The new silence's id on standard output (what a script takes), and, unless `--quiet`,
    /// what it silences until when on standard error.
    static func report(_ silence: Silence, _ parsed: ArgumentList, io: CommandIO) {
        io.out(silence.id)
        guard !parsed.has(flag: "quiet") else { return }
        let defaulted = parsed[option: "for"] == nil && parsed[option: "until"] == nil
        io.err("silenced \(silence.matchers.map(\.text).joined(separator: " ")) until \(silence.endsAt.rfc3339)"
               + (defaulted ? " (1h, the default; --for D or --until TIME to choose)" : ""))
    }

    private static func list(_ parsed: ArgumentList, io: CommandIO, now: Timestamp) -> Int32 {
        let json = parsed.has(flag: "json")
        switch StateFileAccess.open(parsed, io: io, command: name, missing: "no silences") {
        case .exit(let status): return status
        case .ready(_, let store):
            do {
                let silences = try store.silences.list(endingAfter: json ? nil : now)
                if json {
                    io.out(JSONValue.array(silences.map { JSONNode(SilenceText.json($0, now: now)) }).jsonText())
                } else {
                    io.out(silences.isEmpty ? "no silences" : SilenceText.table(silences, now: now).joined(separator: "\n"))
                }
                return 0
            } catch {
                io.err("satwatch silence: \(error)")
                return 1
            }
        }
    }

    private static func expire(_ id: String, _ parsed: ArgumentList, io: CommandIO, now: Timestamp) -> Int32 {
        switch StateFileAccess.open(parsed, io: io, command: name, missing: "no silences") {
        case .exit(let status): return status
        case .ready(_, let store):
            do {
                guard try store.silences.expire(id: id, at: now) else {
                    io.err("satwatch silence: no running silence \(id) (see 'satwatch silence list')")
                    return 1
                }
                io.out("expired \(id)")
                return 0
            } catch {
                io.err("satwatch silence: \(error)")
                return 1
            }
        }
    }
}
