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
        let log = DiagnosticLog()
        let variables = ConfigEnvironment(environment)
        guard let config = ConfigLoader.load(path: path, environment: variables, logger: logger, log: log, secrets: secrets) else {
            return (nil, log.diagnostics)
        }
        let files = RuleLoader.files(in: config.rulePaths)
        let rules = RuleLoader.load(files: files, context: RuleLoader.Context(config: config), log: log)
        return (Setup(config: config, rules: rules, ruleFiles: files), log.diagnostics)
    }

    /// Loads like `load`, printing every problem to `io.err`; nil when anything was wrong.
    static func loadValid(path: String, io: CommandIO, logger: Logger, secrets: SecretNeed = .all) -> Setup? {
        let (setup, diagnostics) = load(path: path, environment: io.environment, logger: logger, secrets: secrets)
        for diagnostic in diagnostics { io.err(diagnostic.description) }
        guard let setup, diagnostics.isEmpty else {
            io.err("\(path): \(Plural.count(diagnostics.count, "problem")); run 'satwatch check' for details")
            return nil
        }
        return setup
    }
}
