import SatwatchBase

extension CrossingCondition: ConditionKind {
    package static var keys: [String] { ["crosses_above", "crosses_below"] }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let direction = Direction(rawValue: key), let metric = scope.metric,
              let level = object.expression(key, checks: scope.checks) else { return nil }
        return CrossingCondition(direction, metric: metric, level: level)
    }
}
