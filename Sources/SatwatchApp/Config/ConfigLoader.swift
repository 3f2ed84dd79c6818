import SatwatchBase
import SatwatchDelivery
import SatwatchJSON

/// Loads and validates a config file (see the contract's "Config file"), reporting every problem
/// to a `DiagnosticLog` instead of stopping at the first.
package enum ConfigLoader {
    /// The config path from `--config`, else `$SATWATCH_CONFIG`, else `./satwatch.json`.
    package static func path(option: String?, environment: [String: String]) -> String {
        option ?? environment["SATWATCH_CONFIG"].flatMap { $0.isEmpty ? nil : $0 } ?? "satwatch.json"
    }

    /// Loads `path`. Returns nil only when the file cannot be read or is not JSON; otherwise a
    /// config built from everything valid (check `log` for problems). Channels outside `secrets`
    /// may have unset variables (see ``SecretNeed``).
    package static func load(path: String, environment: ConfigEnvironment, logger: Logger,
                            log: DiagnosticLog, secrets: SecretNeed = .all) -> Config? {
        let hint = " (pass --config FILE or set SATWATCH_CONFIG; deploy/satwatch.json in the source tree is a working example)"
        guard let file = SourceFile.load(path, into: log, limit: .config, hintWhenMissing: hint),
              var root = ConfigObject(file.root, path: path, log: log, environment: environment) else { return nil }
        let paths = PathResolver(relativeTo: path)
        let stateText = root.string("state", length: .path) ?? "data/satwatch.db"
        let statePath = paths.resolve(stateText)
        if let problem = stateProblem(written: stateText, path: statePath) { root.report("state", problem) }
        let rulePaths = loadRulePaths(&root, paths: paths)
        let feeds = root.object("feeds").map { loadFeeds($0, paths: paths, secrets: secrets) } ?? []
        let context = ChannelContext(logger: logger, paths: paths)
        // Before channels and rules, which name them in `mute_during` / `active_during`.
        let timeIntervals = root.timeIntervals() ?? KnownTimeIntervals()
        var delivery = DeliveryPlan()
        let (channels, channelNames) = root.object("channels").map {
            loadChannels($0, context: context, secrets: secrets, intervals: timeIntervals, delivery: &delivery)
        } ?? ([:], [])
        var defaults = root.object("defaults")
        let defaultChannels = defaults?.strings("channels") ?? []
        if let defaults {
            for name in defaultChannels where !channelNames.contains(name) {
                defaults.report("channels", "unknown channel \"\(name)\" in defaults.channels" + EditDistance.hint(for: name, among: channelNames))
            }
            defaults.finish()
        }
        if !feeds.isEmpty, defaultChannels.isEmpty {
            // The built-in feed-stale alerts go to defaults.channels only: without one they
            // would be raised and never heard.
            let message = "feed-stale alerts would go nowhere: \"defaults.channels\" is empty "
                + "(name at least one channel there; a \"log\" channel will do)"
            if let defaults, defaults.has("channels") { defaults.report("channels", message) } else { root.report("feeds", message) }
        }
        // `"http": null` turns the endpoint off.
        let httpOff = root.member("http")?.node.isNull == true
        var http = httpOff ? nil : root.object("http")
        var listen = httpOff ? nil : ListenAddress(parsing: "127.0.0.1:9464")
        if let text = http?.string("listen") {
            listen = ListenAddress(parsing: text)
            if listen == nil { http?.report("listen", "invalid listen address \"\(text)\" (use host:port, e.g. 127.0.0.1:9464)") }
        }
        var page = PageSettings()
        if http != nil { page = loadPageSettings(&http!) }
        http?.finish()
        let (format, level) = loadLog(&root)
        let redactor = Redactor(environment.secrets.union(channels.values.flatMap(\.secrets)).union(feeds.flatMap(\.settings.secrets))
            .union(page.token.map { [$0] } ?? []))
        // From here on the logger hides this config's secrets (and still every earlier one's).
        logger.redact(redactor)
        var config = Config(path: path, statePath: statePath, rulePaths: rulePaths, feeds: feeds, channels: channels,
                            channelNames: channelNames, defaultChannels: defaultChannels, httpListen: listen,
                            logFormat: format, logLevel: level, redactor: redactor)
        loadRetention(&root, into: &config)
        config.page = page
        config.timeIntervals = timeIntervals.valid
        config.brokenTimeIntervals = timeIntervals.broken
        config.delivery = delivery
        config.labels = RuleParser.parseLabels(&root)
        config.derived = root.object("derived").map { loadDerived($0, feeds: feeds) } ?? []
        let portfolios = root.object("portfolios").map { loadPortfolios($0, feeds: feeds) } ?? []
        for portfolio in portfolios where config.derived.contains(where: { $0.name == portfolio.name }) {
            root.report("derived", "derived metric \"\(portfolio.name)\" has the name of a portfolio")
        }
        config.derived += portfolios
        root.finish()
        return config
    }

    /// `state_retention` (at least 1h) and `max_retry_after` (at least 1s).
    private static func loadRetention(_ root: inout ConfigObject, into config: inout Config) {
        if let retention = root.span("state_retention") {
            if retention < .hours(1) {
                root.report("state_retention", "\"state_retention\" must be at least 1h")
            } else {
                config.stateRetention = retention
            }
        }
        if let cap = root.span("max_retry_after") {
            if cap < .seconds(1) { root.report("max_retry_after", "\"max_retry_after\" must be at least 1s") } else { config.maxRetryAfter = cap }
        }
    }

    /// The resolved rule files and folders; nil when `"rules"` is not an array of strings (reported).
    private static func loadRulePaths(_ root: inout ConfigObject, paths: PathResolver) -> [String]? {
        guard let member = root.member("rules") else { return [paths.resolve("rules")] }
        if let single = member.node.string {
            // The likeliest slip: one file named without the brackets.
            root.report(at: member.node.location, "expected an array of rule files or folders, found a string (write [\"\(single)\"])")
            return nil
        }
        guard let strings = root.strings("rules", length: .path) else { return nil }
        let nodes = member.node.array ?? []
        return zip(strings, nodes).map { text, node in
            let resolved = paths.resolve(text)
            if !FileBytes.exists(resolved) {
                root.report(at: node.location, "no rule file or folder at \"\(resolved)\"")
            }
            return resolved
        }
    }

    /// The channels that loaded, and every channel name (also of those that did not, so rules
    /// naming them get no second, misleading "unknown channel").
    private static func loadChannels(_ object: ConfigObject, context: ChannelContext, secrets: SecretNeed,
                                     intervals: KnownTimeIntervals,
                                     delivery: inout DeliveryPlan) -> ([String: any Channel], [String]) {
        var channels: [String: any Channel] = [:]
        var names: [String] = []
        var object = object
        for member in object.members {
            _ = object.member(member.key)
            if !names.contains(member.key) { names.append(member.key) }
            guard object.checkKeyLength(member), object.checkPrintedName(member.key, what: "channel name", at: member.keyLocation) else {
                continue
            }
            // Problems go to a log of the channel's own first: unset variables of a channel the
            // command does not send through are no error.
            let channelLog = DiagnosticLog(placingIn: object.log)
            let channel = loadChannel(member, path: object.path, log: channelLog, environment: object.environment, context: context,
                                      intervals: intervals, delivery: &delivery)
            let needed = secrets.covers(member.key)
            for (index, problem) in channelLog.diagnostics.enumerated() where needed || channelLog.unsetVariables[index] == nil {
                object.log.append(problem, unsetVariable: channelLog.unsetVariables[index])
            }
            if let channel, channelLog.isEmpty, channels[member.key] == nil { channels[member.key] = channel }
        }
        object.finish()
        return (channels, names)
    }

    private static func loadChannel(_ member: JSONMember, path: String, log: DiagnosticLog, environment: ConfigEnvironment?,
                                    context: ChannelContext, intervals: KnownTimeIntervals,
                                    delivery: inout DeliveryPlan) -> (any Channel)? {
        guard var settings = ConfigObject(member.node, path: path, log: log, environment: environment),
              let typeName = settings.string("type", required: true) else { return nil }
        delivery.readChannel(member.key, &settings, intervals: intervals)
        guard let type = ChannelRegistry.type(named: typeName) else {
            settings.report("type", "unknown channel type \"\(typeName)\"" + EditDistance.hintOrList(for: typeName, among: ChannelRegistry.types.map { $0.typeName }))
            return nil
        }
        let channel = type.configure(name: member.key, settings: &settings, context: context)
        // Read only by the types that can attach an image: elsewhere say where it applies.
        if settings.has("chart"), !settings.asked.contains("chart") {
            _ = settings.member("chart")
            settings.report("chart", "\"chart\" applies to \(ChannelRegistry.chartTypesText) channels, not \(typeName)")
        }
        settings.finish()
        return channel
    }

    private static func loadLog(_ root: inout ConfigObject) -> (Logger.Format, Logger.Level) {
        guard var log = root.object("log") else { return (.logfmt, .info) }
        var format = Logger.Format.logfmt
        var level = Logger.Level.info
        if let text = log.string("format") {
            if let parsed = Logger.Format(rawValue: text) { format = parsed } else {
                log.report("format", "unknown log format \"\(text)\" (known: logfmt, json)")
            }
        }
        if let text = log.string("level") {
            if let parsed = Logger.Level(rawValue: text) { level = parsed } else {
                log.report("level", "unknown log level \"\(text)\" (known: debug, info, warn, error)")
            }
        }
        log.finish()
        return (format, level)
    }
}
