import SatwatchBase
import SatwatchDelivery
import SatwatchRules

/// A config and its rules, loaded and validated together: what `check`, `run`, `replay`,
/// `status` and `notify` start from.
package struct Setup: Sendable {
    /// The config.
    package var config: Config
    /// Every valid rule.
    package var rules: [Rule]
    /// The rule files read.
    package var ruleFiles: [String]
    /// What loading found that does not make the setup invalid (see `LoadWarning`).
    package var warnings: [LoadWarning]
    /// Whether some rule file had problems, so `rules` lacks what it defines: only the commands
    /// that read or manage the state file go on so (`StateFileAccess.loadSetup`).
    package var rulesIncomplete = false

    /// Loads the config at `path` and all its rule files. Returns the setup (nil when the config
    /// itself could not be read) and every problem found. `secrets`: the channels whose
    /// `${NAME}` values must be set. `serving`: the command serves the page and the API (`run`),
    /// so `http.token`'s variable must be set too; for any other command an unset one is a
    /// warning (`check` shows it).
    package static func load(path: String, environment: [String: String], logger: Logger,
                            secrets: SecretNeed = .all, serving: Bool = false) -> (Setup?, [Diagnostic]) {
        let (setup, log) = loadLogged(path: path, environment: environment, logger: logger, secrets: secrets, serving: serving)
        return (setup, log.diagnostics)
    }

    /// Loads like `load`, with the log itself (which tells unset variables apart).
    static func loadLogged(path: String, environment: [String: String], logger: Logger,
                           secrets: SecretNeed = .all, serving: Bool = false) -> (Setup?, DiagnosticLog) {
        let log = DiagnosticLog()
        let variables = ConfigEnvironment(environment)
        guard let config = ConfigLoader.load(path: path, environment: variables, logger: logger, log: log, secrets: secrets) else {
            return (nil, log)
        }
        let (files, warnings) = RuleLoader.files(in: config.rulePaths ?? [])
        let before = log.count
        let rules = RuleLoader.load(files: files, context: RuleLoader.Context(config: config), log: log)
        // Rules that are all invalid are explained by their errors, and so is a "rules" key that
        // is not a list of files (no paths); an empty or missing set is not.
        let empty = log.count != before ? nil
            : config.rulePaths.flatMap { emptinessWarning(path: path, rulePaths: $0, files: files, rules: rules) }
        let open = openEndpointWarning(path: path, config: config)
        var token: LoadWarning?
        if let unset = config.page.unsetToken {
            if serving {
                log.append(unset.problem, unsetVariable: unset.variable)
            } else {
                token = LoadWarning(path: path, "\"http.token\": environment variable \(unset.variable) is not set; "
                                    + "'satwatch run' will need it (set it or pass --env-file FILE), no other command does")
            }
        }
        return (Setup(config: config, rules: rules, ruleFiles: files, warnings: warnings + [empty, open, token].compactMap { $0 }), log)
    }

    /// Warns when the page and the API listen beyond this machine without `http.token`: anyone
    /// who reaches them reads every alert, and nobody can silence from the page.
    private static func openEndpointWarning(path: String, config: Config) -> LoadWarning? {
        guard let listen = config.httpListen, !listen.isLoopback, config.page.token == nil, config.page.unsetToken == nil else { return nil }
        return LoadWarning(path: path, "\"http.listen\" is \(listen), reachable from other machines, and no \"http.token\" is set: "
                           + "anyone who reaches it reads every alert (set \"token\", or listen on 127.0.0.1 behind a proxy)")
    }

    /// Warns when no rule would be evaluated: the worker would then only watch its feeds.
    private static func emptinessWarning(path: String, rulePaths: [String], files: [String], rules: [Rule]) -> LoadWarning? {
        if rules.isEmpty {
            let paths = rulePaths.map { "\"\($0)\"" }.joined(separator: ", ")
            let found = rulePaths.isEmpty ? "\"rules\" names no file or folder"
                : files.isEmpty ? "no rule files under \(paths)" : "\(Plural.count(files.count, "rule file")) without rules"
            return LoadWarning(path: path, "no rules loaded (\(found))")
        }
        if rules.allSatisfy(\.isDisabled) {
            return LoadWarning(path: path, "every rule is disabled (\(Plural.count(rules.count, "rule"))): none is evaluated")
        }
        return nil
    }

    /// Loads like `load`, printing every problem to `io.err`; nil when anything was wrong.
    static func loadValid(path: String, io: CommandIO, logger: Logger, secrets: SecretNeed = .all, serving: Bool = false) -> Setup? {
        let (setup, log) = loadLogged(path: path, environment: io.environment, logger: logger, secrets: secrets, serving: serving)
        for diagnostic in log.diagnostics { io.err(diagnostic.description) }
        guard let setup, log.isEmpty else {
            io.err("\(path): \(Plural.count(log.count, "problem")); \(unsetHint(log) ?? "run 'satwatch check' for details")")
            return nil
        }
        return setup
    }

    /// `set SMTP_PASSWORD, BOT_TOKEN in the environment or pass --env-file FILE` when `log` has
    /// unset variables, each named once in the order found; nil when it has none. Secrets are
    /// the likely cause on a server: this says where they can come from.
    static func unsetHint(_ log: DiagnosticLog) -> String? {
        var unset: [String] = []
        for index in log.unsetVariables.keys.sorted() where !unset.contains(log.unsetVariables[index]!) {
            unset.append(log.unsetVariables[index]!)
        }
        return unset.isEmpty ? nil : "set \(unset.joined(separator: ", ")) in the environment or pass --env-file FILE"
    }
}

extension Setup {
    /// How this config's channels are delivered to: every stage's channel settings, with the
    /// named time intervals and each rule's quiet hours, for the dispatcher.
    var deliveryPlan: DeliveryPlan {
        var plan = config.delivery
        plan.intervals = config.timeIntervals
        for rule in rules where !rule.isDisabled { if let quiet = rule.quiet { plan.ruleQuiet[rule.name] = quiet } }
        return plan
    }

    /// Every alert the worker evaluates with this setup: its enabled rules and its feeds'
    /// `feed-stale:` alerts. A firing alert outside it (of a rule removed or disabled) is no
    /// longer told to Alertmanager again.
    var alerts: Set<String> {
        Set(rules.filter { !$0.isDisabled }.map(\.name)).union(config.feeds.map { FeedStaleMonitor.ruleName($0.kind) })
    }
}
