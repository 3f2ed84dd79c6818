import SatwatchBase

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
