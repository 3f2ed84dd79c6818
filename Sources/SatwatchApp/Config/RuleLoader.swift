import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchRules

/// Loads rule files (every `*.json` under the configured paths) and validates each rule against
/// the catalog and, when a config is at hand, its channels and feeds.
package enum RuleLoader {
    /// What rules are checked against; `nil` members skip that check (e.g. in `satwatch test`).
    package struct Context {
        /// Configured channel names.
        package var channels: Set<String>?
        /// Channels used when a rule names none.
        package var defaultChannels: [String]
        /// Enabled feeds.
        package let feeds: [FeedConfig]?
        /// The price and family metrics the enabled feeds publish (computed once, not per rule).
        let published: [String]?
        /// The news feed's sources; nil when no config is at hand (a rule test file).
        let newsSources: [String]?
        /// The config's derived metrics, which rules may read like any other.
        package var derived: Set<String>
        /// The config's `time_intervals`, which `mute_during` / `active_during` name; nil when
        /// not checked (a rule test file has no config).
        var timeIntervals: KnownTimeIntervals?

        /// Creates a context.
        package init(channels: Set<String>? = nil, defaultChannels: [String] = [], feeds: [FeedConfig]? = nil,
                    derived: Set<String> = []) {
            self.channels = channels
            self.defaultChannels = defaultChannels
            self.feeds = feeds
            self.derived = derived
            published = feeds.map { $0.flatMap { $0.priceMetrics + $0.familyMetrics } }
            newsSources = feeds.map { feeds in feeds.first { $0.kind == .news }.map { $0.settings(NewsSettings.self).sources.map(\.name) } ?? [] }
        }

        /// The context of a loaded config.
        package init(config: Config) {
            self.init(channels: Set(config.channelNames), defaultChannels: config.defaultChannels, feeds: config.feeds,
                      derived: Set(config.derived.map(\.name)))
            timeIntervals = KnownTimeIntervals(valid: config.timeIntervals, broken: config.brokenTimeIntervals)
        }
    }

    /// The rule files under `paths` (files or folders), each read once, in a stable order, and
    /// what was skipped there (see `RuleFileWalker`).
    static func files(in paths: [String]) -> (files: [String], warnings: [LoadWarning]) {
        var walker = RuleFileWalker()
        for path in paths { _ = walker.walk(path) }
        return (walker.files, walker.warnings)
    }

    /// Loads every rule in `files`; problems go to `log`, valid rules are returned.
    package static func load(files: [String], context: Context, log: DiagnosticLog) -> [Rule] {
        var rules: [Rule] = []
        var firstDefinition: [String: String] = [:]
        for path in files {
            // The likeliest slip is a bare array of rules, without the object around it.
            guard let file = SourceFile.load(path, into: log, limit: .rules),
                  var root = ConfigObject(file.root, path: path, log: log, hint: "a rule file is {\"rules\": [...]}") else { continue }
            guard let list = root.member("rules") else {
                root.report(nil, "missing required key \"rules\" (an array of rules)")
                continue
            }
            root.finish()
            guard let nodes = list.node.array else {
                root.report(at: list.node.location, "expected an array of rules, found \(list.node.typeWithArticle)")
                continue
            }
            for node in nodes {
                guard var object = ConfigObject(node, path: path, log: log) else { continue }
                let before = log.count
                let rule = RuleParser.parse(&object, context: context)
                object.finish()
                // A name is claimed even by a rule with other problems, so `check` reports a
                // duplicate in the same run as those problems, not only after they are fixed.
                if let name = node["name"]?.string {
                    if let first = firstDefinition[name] {
                        object.report("name", "duplicate rule name \"\(name)\" (first defined at \(first))")
                        continue
                    }
                    firstDefinition[name] = "\(path):\(node.location.line):\(node.location.column)"
                }
                guard let rule, log.count == before else { continue }
                rules.append(rule)
            }
        }
        return rules
    }
}

extension RuleLoader.Context: MetricChecks {
    package func metricProblem(_ metric: String, pinned: Bool) -> String? {
        RuleParser.metricProblem(metric, pinned: pinned, context: self)
    }

    package func sourceProblem(_ source: String, metric: String) -> String? {
        RuleParser.sourceProblem(source, metric: metric, context: self)
    }

    package func newsSourceProblem(_ source: String) -> String? {
        RuleParser.newsSourceProblem(source, context: self)
    }
}
