import SatwatchBase

/// `satwatch check`: validates the config and every rule file, prints each problem as
/// `path:line:column: message` and each warning as `path: warning: message`, both on standard
/// error, then a one-line summary (on standard output when valid, standard error when not).
/// Exit 0 valid (with or without warnings), 1 invalid.
enum CheckCommand: SatwatchCommand {
    static let name = "check"
    static let help = """
        Usage: satwatch check [--config F]

        Validates the config and every rule file it names. Prints each problem as
        path:line:column: message and each warning as path: warning: message on standard
        error, then a summary. Exit status 0 when valid (warnings alone do not fail), 1 when not.
        """

    static func run(_ arguments: [String], io: CommandIO) async throws(UsageError) -> Int32 {
        let parsed = try ArgumentList(arguments, options: ["config"])
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        let path = ConfigLoader.path(option: parsed[option: "config"], environment: io.environment)
        let logger = Logger(level: .error, sink: io.err)
        let (setup, log) = Setup.loadLogged(path: path, environment: io.environment, logger: logger)
        let diagnostics = log.diagnostics
        for diagnostic in diagnostics { io.err(diagnostic.description) }
        let warnings = setup?.warnings ?? []
        for warning in warnings { io.err(warning.description) }
        let warned = warnings.isEmpty ? "" : ", \(Plural.count(warnings.count, "warning"))"
        guard diagnostics.isEmpty, let setup else {
            let files = Set(diagnostics.map(\.path)).count
            io.err("\(path): \(Plural.count(diagnostics.count, "problem")) in \(Plural.count(files, "file"))\(warned)"
                + (Setup.unsetHint(log).map { "; " + $0 } ?? ""))
            return 1
        }
        let config = setup.config
        let disabled = setup.rules.filter(\.isDisabled).count
        io.out("\(path): ok (\(Plural.count(config.feeds.count, "feed")), \(Plural.count(config.channelNames.count, "channel")), "
            + "\(Plural.count(setup.ruleFiles.count, "rule file")), \(Plural.count(setup.rules.count, "rule"))"
            + "\(disabled > 0 ? " (\(disabled) disabled)" : "")\(warned))")
        return 0
    }
}
