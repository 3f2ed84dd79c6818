import Glibc
import SatwatchBase

/// Entry point of the `satwatch` executable: dispatches to a command, maps usage errors to exit
/// status 2 with a one-line message and a hint.
package enum SatwatchCommandLine {
    static var commands: [any SatwatchCommand.Type] {
        [RunCommand.self, CheckCommand.self, TestCommand.self, ReplayCommand.self, RecordCommand.self,
         NotifyCommand.self, StatusCommand.self, HistoryCommand.self, RetryCommand.self, PurgeCommand.self,
         SilenceCommand.self, CompletionCommand.self]
    }

    /// Parses the process arguments, runs the command and exits with its status.
    package static func main() async -> Never {
        let status = await run(Array(CommandLine.arguments.dropFirst()), io: .process())
        exit(status)
    }

    /// Sets up the process before anything else runs; call it first, synchronously, before the
    /// concurrency runtime starts (it opens descriptors of its own).
    package static func prepareProcess() {
        reserveStandardDescriptors()
        // Before the first thread: arenas and stacks are reserved as threads start.
        ProcessTuning.apply()
        // A peer closing a socket must give an error on that socket, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // A parent may have blocked these (some test runners do); the worker must receive them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in UnixSignal.allCases { sigaddset(&handled, signal.rawValue) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
    }

    /// Started with descriptor 0, 1 or 2 closed (a supervisor with no standard input, say), the
    /// first file or socket opened would take that number, and a log line could land in the
    /// state file. Each closed one is pointed at /dev/null before anything else opens.
    static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let null = open("/dev/null", O_RDWR)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Runs `arguments` (without the program name); returns the exit status.
    package static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
        guard let word = arguments.first else {
            io.err("satwatch: missing command")
            io.err("Run 'satwatch --help' for usage.")
            return 2
        }
        switch word {
        case "--help", "-h":
            io.out(help)
            return 0
        case "help":
            // `help CMD` is `CMD --help`.
            guard arguments.count > 1 else { io.out(help); return 0 }
            return await run([arguments[1], "--help"], io: io)
        case "--version", "-V", "version":
            io.out(versionLine)
            return 0
        default: break
        }
        guard let command = commands.first(where: { $0.name == word }) else {
            let words = commands.map { $0.name } + ["help", "version", "--help", "--version"]
            io.err("satwatch: unknown command \"\(word)\"" + EditDistance.hint(for: word, among: words))
            io.err("Run 'satwatch --help' for the list of commands.")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(command.help)
            return 0
        }
        do {
            guard let (rest, io) = try EnvFileOption.apply(rest, io: io, command: word) else { return 1 }
            return try await command.run(rest, io: io)
        } catch {
            io.err("satwatch \(word): \(error.message)")
            io.err("Run 'satwatch \(word) --help' for usage.")
            return 2
        }
    }

    /// `satwatch 0.1.0 (revision 1a2b3c4d5e6f)`.
    static var versionLine: String { "satwatch \(SatwatchVersion.current) (revision \(SatwatchVersion.revision))" }

    static var help: String {
        """
        satwatch \(SatwatchVersion.current): alerts on Bitcoin price, fees, mempool and on-chain metrics

        Usage: satwatch <command> [options]

        Commands:
          run [--config F]                 run the worker until SIGTERM/SIGINT; SIGHUP reloads
          check [--config F]               validate the config and every rule file
          test FILE...                     run rule unit tests
          replay --config F --input REC [--feed NAME] [--start TIME] [--dispatch]
                                           evaluate rules over a recorded stream, print notifications
          record --config F --feed NAME --out REC [--duration D]
                                           record a feed's frames for replay
          notify CHANNEL [--config F] [--message TEXT]
                                           send one test notification through a channel
          status [--json] [--config F | --url URL]
                                           rule states, last values, pending/dead deliveries
          history [--since D] [--rule GLOB] [--channel C] [--json] [--config F | --url URL]
                                           notifications and each channel's outcome
          retry (ID | --channel C | --dead) [--config F]
                                           put dead deliveries back in the queue
          purge --dead [--older-than D] [--config F]
                                           delete dead deliveries
          silence (add (--rule GLOB | --match KEY=VALUE)... [--for D | --until TIME] [--comment TEXT] [--quiet] | list [--json] | expire ID) [--config F | --url URL]
                                           keep matching notifications from every channel
          completion (bash|zsh)            print a shell completion script
          help COMMAND                     the same as 'satwatch COMMAND --help'

        --config (or -c) defaults to $SATWATCH_CONFIG, then ./satwatch.json. --url URL (or
        $SATWATCH_URL) makes status, history and silence use a worker's HTTP API, with
        $SATWATCH_TOKEN (or the http.token of --config F) for writes.
        Every command takes --env-file FILE (systemd EnvironmentFile syntax, e.g. the unit's
        /etc/satwatch/satwatch.env): its variables override the environment's.
        Run 'satwatch <command> --help' for details.
        """
    }
}

/// One `satwatch <command>`.
protocol SatwatchCommand {
    /// The command word.
    static var name: String { get }
    /// The `--help` text (usage line first).
    static var help: String { get }
    /// Runs with the arguments after the command word; returns the exit status.
    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32
}
