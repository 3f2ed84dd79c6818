import SatwatchBase

extension BandCondition: ConditionKind {
    package static var keys: [String] { ["between", "outside"] }
    package static var isLevel: Bool { true }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let part = Part(rawValue: key), let metric = scope.metric, let member = object.member(key) else { return nil }
        guard let bounds = member.node.array, bounds.count == 2 else {
            object.report(key, "\"\(key)\" takes two bounds [low, high], e.g. [90000, 100000]")
            return nil
        }
        let low = object.expression(bounds[0], checks: scope.checks)
        let high = object.expression(bounds[1], checks: scope.checks)
        guard let low, let high else { return nil }
        if let lowValue = low.constant, let highValue = high.constant, lowValue >= highValue {
            object.report(at: bounds[0].location,
                          "\"\(key)\" needs low < high, found [\(DisplayNumber.format(lowValue)), \(DisplayNumber.format(highValue))]")
            return nil
        }
        return BandCondition(part, metric: metric, low: low, high: high)
    }
}
