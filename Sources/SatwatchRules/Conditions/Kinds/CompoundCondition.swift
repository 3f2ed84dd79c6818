import SatwatchBase

/// `all: [C, …]` / `any: [C, …]`: holds while all (any) of its level conditions hold, each on its
/// own metric. Three-valued: a sub-condition that cannot decide makes `all` unknown unless
/// another fails, and `any` unknown unless another holds, so missing data never resolves.
package struct CompoundCondition: RuleCondition {
    /// How the parts combine.
    package enum Combination: String, Sendable {
        case all, any
    }

    let combination: Combination
    var parts: [any RuleCondition]
    /// The feed each part is pinned to (its own `source`), if any.
    let sources: [String?]

    /// A compound of level conditions, each optionally pinned to a feed.
    package init(_ combination: Combination, _ parts: [any RuleCondition], sources: [String?]? = nil) {
        self.combination = combination
        self.parts = parts
        self.sources = sources ?? Array(repeating: nil, count: parts.count)
    }

    package var metrics: [String] {
        parts.flatMap(\.metrics).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    package var decidesOnCurrentValues: Bool { parts.allSatisfy(\.decidesOnCurrentValues) }

    package var definition: String {
        let each = zip(parts, sources).map { part, source in part.definition + (source.map { "@\($0)" } ?? "") }
        return "\(combination.rawValue)[\(each.joined(separator: ";"))]"
    }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        for index in parts.indices { parts[index].bind(&slots, source: sources[index]) }
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        var unknown = false
        var observed = Double.nan
        var ignored: Double?
        for part in parts {
            let result = part.evaluate(table, memory: &ignored)
            // The rule's value is its first part's, or the first known one's while that one has
            // no data (an `any` can hold on a later part).
            if observed.isNaN && result.verdict != .unknown { observed = result.observed }
            switch result.verdict {
            case .unknown: unknown = true
            case .holds: if combination == .any { return ConditionResult(.holds, observed: observed) }
            case .clearing, .fails: if combination == .all { return ConditionResult(.fails, observed: observed) }
            }
        }
        if unknown { return .unknown }
        return .decided(combination == .all, observed: observed)
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        for part in parts { if let why = part.waiting(table) { return why } }
        return nil
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        var ignored: Double?
        var each: [String] = []
        var values: [ObservedValue] = []
        for part in parts {
            let result = part.evaluate(table, memory: &ignored)
            let observed = result.verdict == .unknown ? nil : result.observed
            let report = part.report(table, status: .firing, observed: observed)
            each.append("\(part.metrics[0]) \(observed.map(DisplayNumber.format) ?? "unknown") (\(report.criterion))")
            for item in report.values where !values.contains(where: { $0.name == item.name }) { values.append(item) }
        }
        let list = each.joined(separator: ", ")
        let message = status == .firing ? "\(combination.rawValue) of: \(list)" : "no longer \(combination.rawValue) of: \(list)"
        return ConditionReport(threshold: nil, thresholdText: list, criterion: "\(combination.rawValue) of: \(list)",
                               values: values, defaultMessage: message)
    }
}

extension CompoundCondition: ConditionKind {
    package static var keys: [String] { ["all", "any"] }
    package static var needsMetric: Bool { false }
    /// TradingView's limit for multi-condition alerts; more is most likely a mistake.
    static let maxParts = 10

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let combination = Combination(rawValue: key), let member = object.member(key) else { return nil }
        guard let nodes = member.node.array, (2...maxParts).contains(nodes.count) else {
            object.report(key, "\"\(key)\" takes a list of 2 to \(maxParts) conditions, each with its own \"metric\"")
            return nil
        }
        var parts: [any RuleCondition] = []
        var sources: [String?] = []
        var valid = true
        for node in nodes {
            guard var part = ConfigObject(node, path: object.path, log: object.log) else { valid = false; continue }
            let metric = part.string("metric", required: true)
            if let metric { part.checkMetric(metric, scope.checks) }
            let source = part.string("source")
            if let source, let metric { part.checkSource(source, metric: metric, scope.checks) }
            var partScope = scope
            partScope.metric = metric
            let condition = metric == nil ? nil : ConditionReader.read(&part, partScope, levelOnly: true)
            part.finish()
            guard let condition else { valid = false; continue }
            parts.append(condition)
            sources.append(source)
        }
        return valid ? CompoundCondition(combination, parts, sources: sources) : nil
    }
}
