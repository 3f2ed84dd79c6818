import SatwatchBase

extension LevelCondition: ConditionKind {
    package static var keys: [String] { ["above", "below"] }
    package static var isLevel: Bool { true }
    package static var readsClear: Bool { true }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let side = Side(rawValue: key), let metric = scope.metric,
              let level = object.expression(key, checks: scope.checks) else { return nil }
        guard let clear = object.expression("clear", checks: scope.checks) else {
            return object.has("clear") ? nil : LevelCondition(side, metric: metric, level: level)
        }
        // Hysteresis must sit on the resolving side of the level; only checkable for numbers.
        if let levelValue = level.constant, let clearValue = clear.constant {
            let level = DisplayNumber.format(levelValue), value = DisplayNumber.format(clearValue)
            if side == .above, clearValue > levelValue {
                object.report("clear", "\"clear\" (\(value)) must not be above the threshold \(level): an upward alert clears below it")
                return nil
            }
            if side == .below, clearValue < levelValue {
                object.report("clear", "\"clear\" (\(value)) must not be below the threshold \(level): a downward alert clears above it")
                return nil
            }
        }
        return LevelCondition(side, metric: metric, level: level, clear: clear)
    }
}
