/// A config and its rules, loaded and validated together: what `check`, `run`, `replay`,
/// `status` and `notify` start from.
public struct Setup: Sendable {
    /// The config.
    public var config: Config
    /// Every valid rule.
    public var rules: [Rule]
    /// The rule files read.
    public var ruleFiles: [String]

    /// Loads the config at `path` and all its rule files. Returns the setup (nil when the config
    /// itself could not be read) and every problem found. `secrets`: the channels whose
    /// `${NAME}` values must be set.
    public static func load(path: String, environment: [String: String], logger: Logger,
                            secrets: SecretNeed = .all) -> (Setup?, [Diagnostic]) {
        let (setup, log) = loadLogged(path: path, environment: environment, logger: logger, secrets: secrets)
        return (setup, log.diagnostics)
    }

    private static func loadLogged(path: String, environment: [String: String], logger: Logger,
                                   secrets: SecretNeed) -> (Setup?, DiagnosticLog) {
        let log = DiagnosticLog()
        let variables = ConfigEnvironment(environment)
        guard let config = ConfigLoader.load(path: path, environment: variables, logger: logger, log: log, secrets: secrets) else {
            return (nil, log)
        }
        let files = RuleLoader.files(in: config.rulePaths)
        let rules = RuleLoader.load(files: files, context: RuleLoader.Context(config: config), log: log)
        return (Setup(config: config, rules: rules, ruleFiles: files), log)
    }

    /// Loads like `load`, printing every problem to `io.err`; nil when anything was wrong.
    static func loadValid(path: String, io: CommandIO, logger: Logger, secrets: SecretNeed = .all) -> Setup? {
        let (setup, log) = loadLogged(path: path, environment: io.environment, logger: logger, secrets: secrets)
        for diagnostic in log.diagnostics { io.err(diagnostic.description) }
        guard let setup, log.isEmpty else {
            var unset: [String] = []
            for index in log.unsetVariables.keys.sorted() where !unset.contains(log.unsetVariables[index]!) {
                unset.append(log.unsetVariables[index]!)
            }
            // Secrets are the likely cause on a server: say where they can come from.
            let hint = unset.isEmpty ? "run 'satwatch check' for details"
                : "set \(unset.joined(separator: ", ")) in the environment or pass --env-file FILE"
            io.err("\(path): \(Plural.count(log.count, "problem")); \(hint)")
            return nil
        }
        return setup
    }
}
