import Glibc

/// Entry point of the `satwatch` executable: dispatches to a command, maps usage errors to exit
/// status 2 with a one-line message and a hint.
public enum SatwatchCommandLine {
    static var commands: [any SatwatchCommand.Type] {
        [RunCommand.self, CheckCommand.self, TestCommand.self, ReplayCommand.self, RecordCommand.self,
         NotifyCommand.self, StatusCommand.self]
    }

    /// Parses the process arguments, runs the command and exits with its status.
    public static func main() async -> Never {
        // A peer closing a socket must give an error on that socket, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // A parent may have blocked these (some test runners do); the worker must receive them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in UnixSignal.allCases { sigaddset(&handled, signal.rawValue) }
        sigprocmask(SIG_UNBLOCK, &handled, nil)
        let status = await run(Array(CommandLine.arguments.dropFirst()), io: .process())
        exit(status)
    }

    /// Runs `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String], io: CommandIO) async -> Int32 {
        guard let word = arguments.first else {
            io.err("satwatch: missing command")
            io.err("Run 'satwatch --help' for usage.")
            return 2
        }
        switch word {
        case "--help", "-h", "help":
            io.out(help)
            return 0
        case "--version", "-V", "version":
            io.out("satwatch \(SatwatchVersion.current)")
            return 0
        default: break
        }
        guard let command = commands.first(where: { $0.name == word }) else {
            io.err("satwatch: unknown command \"\(word)\"")
            io.err("Run 'satwatch --help' for the list of commands.")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(command.help)
            return 0
        }
        do {
            return try await command.run(rest, io: io)
        } catch {
            io.err("satwatch \(word): \(error.message)")
            io.err("Run 'satwatch \(word) --help' for usage.")
            return 2
        }
    }

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
          status [--config F]              rule states, last values, pending/dead deliveries

        --config defaults to $SATWATCH_CONFIG, then ./satwatch.json.
        Run 'satwatch <command> --help' for details.
        """
    }
}
