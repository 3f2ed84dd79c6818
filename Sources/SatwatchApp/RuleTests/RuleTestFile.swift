import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchRules

/// A rule test file (see the contract's "Rule unit tests"): the rules it loads and its tests.
package struct RuleTestFile: Sendable {
    /// The test file's path.
    package var path: String
    /// The rules under test.
    package var rules: [Rule]
    /// Metrics computed from others for these tests: `derived` and `portfolios`, as in the
    /// config, the test file's own beside those of the config it names.
    package var derived: [DerivedMetric] = []
    /// The tests.
    package var tests: [RuleTestCase]

    /// Loads `path` and the rule files it names (relative to it); problems go to `log`.
    package static func load(_ path: String, log: DiagnosticLog) -> RuleTestFile? {
        guard let file = SourceFile.load(path, into: log, limit: .ruleTests),
              var root = ConfigObject(file.root, path: path, log: log) else { return nil }
        let resolver = PathResolver(relativeTo: path)
        let before = log.count
        var rules: [Rule] = []
        // The config's metrics first; the test file's own replace those of the same name.
        var derived = root.string("config", length: .path).map { configMetrics(resolver.resolve($0), log: log) } ?? []
        let own = metrics(of: &root)
        derived.removeAll { metric in own.contains { $0.name == metric.name } }
        derived += own
        if let paths = root.strings("rules", required: true, length: .path), let member = root.member("rules") {
            var walker = RuleFileWalker()
            for (text, node) in zip(paths, member.node.array ?? []) where !walker.walk(resolver.resolve(text)) {
                root.report(at: node.location, "no rule file or folder at \"\(resolver.resolve(text))\"")
            }
            rules = RuleLoader.load(files: walker.files, context: .init(derived: Set(derived.map(\.name))), log: log)
        }
        let names = Set(rules.map(\.name))
        var tests: [RuleTestCase] = []
        if let list = root.member("tests") {
            for node in list.node.array ?? [] {
                guard var object = ConfigObject(node, path: path, log: log) else { continue }
                if let test = parseTest(&object, ruleNames: names, derived: Set(derived.map(\.name))) { tests.append(test) }
                object.finish()
            }
            if list.node.array == nil { root.report(at: list.node.location, "expected an array of tests, found \(list.node.typeWithArticle)") }
        } else {
            root.report(nil, "missing required key \"tests\"")
        }
        root.finish()
        return log.count == before ? RuleTestFile(path: path, rules: rules, derived: derived, tests: tests) : nil
    }

    /// `derived` and `portfolios` of `object` (a test file or a config), as the worker computes
    /// them: no feed is checked, as a test feeds its own samples.
    private static func metrics(of object: inout ConfigObject) -> [DerivedMetric] {
        let derived = object.object("derived").map { ConfigLoader.loadDerived($0, feeds: nil) } ?? []
        let portfolios = object.object("portfolios").map { ConfigLoader.loadPortfolios($0, feeds: nil) } ?? []
        return derived + portfolios
    }

    /// The derived metrics and portfolios of the config at `path`; the rest of it is not read
    /// (its channels, feeds and secrets play no part in a test).
    private static func configMetrics(_ path: String, log: DiagnosticLog) -> [DerivedMetric] {
        guard let file = SourceFile.load(path, into: log, limit: .config),
              var root = ConfigObject(file.root, path: path, log: log) else { return [] }
        return metrics(of: &root)
    }

    private static func parseTest(_ object: inout ConfigObject, ruleNames: Set<String>, derived: Set<String>) -> RuleTestCase? {
        let name = object.string("name", required: true, length: .name)
        var samples: [RuleTestCase.TimedSample] = []
        for var item in objects("samples", in: &object) {
            if item.has("news") {
                if let poll = parseNewsPoll(&item) { samples.append(poll) }
                item.finish()
                continue
            }
            let at = item.span("at", required: true), metric = item.string("metric", required: true)
            let value = item.number("value", required: true), source = item.string("source") ?? "test"
            if let metric, MetricCatalog.descriptor(for: metric) == nil, !derived.contains(metric) {
                item.report("metric", "unknown metric \"\(metric)\"")
            }
            if let at, let metric, let value { samples.append(.init(at: at, metric: metric, value: value, source: source)) }
            item.finish()
        }
        let expect = objects("expect", in: &object).compactMap { item in parseExpected(item, ruleNames: ruleNames) }
        let states = objects("states", in: &object).compactMap { item in parseStateCheck(item, ruleNames: ruleNames) }
        guard let name else { return nil }
        let origin = "\(object.path):\(object.node.location.line):\(object.node.location.column)"
        return RuleTestCase(name: name, samples: samples, expect: expect, states: states, origin: origin)
    }

    /// One poll of a news source: `{"at": "5m", "news": "coindesk", "items": [{"title": …,
    /// "link": …, "guid": …, "summary": …}]}`, each item new once by its guid, else its link. As
    /// in the worker, a source's first poll only records its items.
    static func parseNewsPoll(_ item: inout ConfigObject) -> RuleTestCase.TimedSample? {
        let at = item.span("at", required: true), source = item.string("news", required: true)
        if let source, !Headline.isSourceName(source) {
            item.report("news", "invalid source \"\(source)\" (lowercase letters, digits and \"_\", as under the news feed's \"sources\")")
        }
        var headlines: [Headline] = []
        var valid = item.has("items")
        if !item.has("items") { item.report(nil, "a news poll needs \"items\" (an array, empty for a poll with none)") }
        for var entry in objects("items", in: &item) {
            let title = entry.string("title") ?? "", link = entry.string("link") ?? ""
            let guid = entry.string("guid"), summary = entry.string("summary") ?? ""
            let id = guid ?? link
            if id.isEmpty {
                entry.report(nil, "an item needs a \"guid\" or a \"link\" (what makes it new once)")
                valid = false
            }
            headlines.append(Headline(id: id, title: title, link: link, summary: summary))
            entry.finish()
        }
        guard let at, let source, Headline.isSourceName(source), valid else { return nil }
        return .init(at: at, metric: Headline.metric(source: source), value: Double(headlines.count), source: "test", headlines: headlines)
    }

    /// The object elements of the array at `key` (each non-object is reported).
    static func objects(_ key: String, in object: inout ConfigObject) -> [ConfigObject] {
        guard let member = object.member(key) else { return [] }
        guard let nodes = member.node.array else {
            object.report(at: member.node.location, "expected an array, found \(member.node.typeWithArticle)")
            return []
        }
        return nodes.compactMap { ConfigObject($0, path: object.path, log: object.log) }
    }
}

extension RuleTestFile {
    /// One `expect` entry: `at`, `rule`, `status`, and optionally `message`, `labels`, `channels`.
    static func parseExpected(_ item: ConfigObject, ruleNames: Set<String>) -> RuleTestCase.Expected? {
        var item = item
        defer { item.finish() }
        let at = item.span("at", required: true), rule = parseRule(&item, ruleNames: ruleNames)
        let status = item.string("status", required: true)
        if let status, status != "firing", status != "resolved" {
            item.report("status", "expected \"firing\" or \"resolved\", found \"\(status)\"")
        }
        let message = item.string("message")
        let labels = item.has("labels") ? RuleParser.parseLabels(&item) : nil
        let channels = item.strings("channels")
        guard let at, let rule, let status else { return nil }
        return .init(at: at, rule: rule, status: status, message: message, labels: labels, channels: channels)
    }

    /// One `states` entry: `at`, `rule`, `state`.
    static func parseStateCheck(_ item: ConfigObject, ruleNames: Set<String>) -> RuleTestCase.StateCheck? {
        var item = item
        defer { item.finish() }
        let at = item.span("at", required: true), rule = parseRule(&item, ruleNames: ruleNames)
        let text = item.string("state", required: true)
        let state = text.flatMap(AlertStatus.init(rawValue:))
        if let text, state == nil {
            item.report("state", "expected \"inactive\", \"pending\" or \"firing\", found \"\(text)\"")
        }
        guard let at, let rule, let state else { return nil }
        return .init(at: at, rule: rule, state: state)
    }

    private static func parseRule(_ item: inout ConfigObject, ruleNames: Set<String>) -> String? {
        let rule = item.string("rule", required: true)
        if let rule, !ruleNames.contains(rule) { item.report("rule", "no rule named \"\(rule)\" in the loaded rule files") }
        return rule
    }
}
