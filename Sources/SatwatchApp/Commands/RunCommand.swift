/// `satwatch run`: the daemon.
enum RunCommand: SatwatchCommand {
    static let name = "run"
    static let help = """
        Usage: satwatch run [--config F]

        Connects the feeds, evaluates the rules and delivers notifications until SIGTERM or
        SIGINT (exit 0). SIGHUP reloads the config and rules; an invalid reload is logged and the
        running set kept. Logs go to stderr, one event per line.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        return await Daemon.run(configPath: ConfigLoader.path(option: parsed[option: "config"], environment: io.environment), io: io)
    }
}
