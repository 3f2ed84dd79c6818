import SatwatchBase

/// `satwatch completion (bash|zsh)`: prints a shell completion script for commands, options,
/// feed names, channel names and files.
enum CompletionCommand: SatwatchCommand {
    static let name = "completion"
    static let help = """
        Usage: satwatch completion (bash|zsh)

        Prints a completion script for the shell. Load it in the current shell with
        source <(satwatch completion bash), or install it for every shell:
          satwatch completion bash > /etc/bash_completion.d/satwatch
          satwatch completion zsh > "${fpath[1]}/_satwatch"
        The scripts complete channel names with 'satwatch completion channels [--config F]',
        which prints the config's channel names, one a line.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config"])
        guard let shell = parsed.positionals.first else { throw UsageError("name the shell: bash or zsh") }
        guard parsed.positionals.count == 1 else { throw UsageError("unexpected argument \"\(parsed.positionals[1])\"") }
        switch shell {
        case "bash": io.out(CompletionScript.bash)
        case "zsh": io.out(CompletionScript.zsh)
        case "channels": channels(parsed, io: io)
        default: throw UsageError("unknown shell \"\(shell)\" (bash or zsh)" )
        }
        return 0
    }

    /// The channel names of the config, one a line; nothing when it cannot be read. Secrets
    /// and other problems do not matter: a name is all a completion needs.
    private static func channels(_ parsed: ArgumentList, io: CommandIO) {
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        let config = ConfigLoader.load(path: path, environment: ConfigEnvironment(io.environment), logger: Logger(level: .error, sink: { _ in }),
                                       log: DiagnosticLog(), secrets: .none)
        for name in config?.channelNames ?? [] { io.out(name) }
    }
}
