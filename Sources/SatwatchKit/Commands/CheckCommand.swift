/// `satwatch check`: validates the config and every rule file, prints each problem as
/// `path:line:column: message` on standard error, then a one-line summary (on standard output
/// when valid, standard error when not). Exit 0 valid, 1 invalid.
enum CheckCommand: SatwatchCommand {
    static let name = "check"
    static let help = """
        Usage: satwatch check [--config F]

        Validates the config and every rule file it names. Prints each problem as
        path:line:column: message on standard error, then a summary. Exit status 0 when valid,
        1 when not.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        let logger = Logger(level: .error, sink: io.err)
        let (setup, diagnostics) = Setup.load(path: path, environment: io.environment, logger: logger)
        for diagnostic in diagnostics { io.err(diagnostic.description) }
        guard diagnostics.isEmpty, let setup else {
            let files = Set(diagnostics.map(\.path)).count
            io.err("\(path): \(Plural.count(diagnostics.count, "problem")) in \(Plural.count(files, "file"))")
            return 1
        }
        let config = setup.config
        io.out("\(path): ok (\(Plural.count(config.feeds.count, "feed")), \(Plural.count(config.channelNames.count, "channel")), "
            + "\(Plural.count(setup.ruleFiles.count, "rule file")), \(Plural.count(setup.rules.count, "rule")))")
        return 0
    }
}
