import SatwatchBase

/// `above: X` / `below: X`: holds while the metric is strictly above (below) the level; a firing
/// alert resolves only once the value is at or past `clear` (hysteresis, default: the level).
package struct LevelCondition: RuleCondition {
    /// Which side of the level holds.
    package enum Side: String, Sendable {
        case above, below
    }

    let side: Side
    let metric: String
    var level: BoundExpression
    var clear: BoundExpression?
    private var slot = -1

    /// A level condition on `metric`.
    package init(_ side: Side, metric: String, level: Expression, clear: Expression? = nil) {
        self.side = side
        self.metric = metric
        self.level = BoundExpression(level)
        self.clear = clear.map(BoundExpression.init)
    }

    package var metrics: [String] { [metric] }

    package var decidesOnCurrentValues: Bool { true }

    package var definition: String {
        "\(side.rawValue):\(metric):\(level.expression.text)" + (clear.map { "|clear:\($0.expression.text)" } ?? "")
    }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
        level.bind(&slots)
        clear?.bind(&slots)
    }

    @inline(__always)
    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let value = table.value(slot), let level = level.value(table) else { return .unknown }
        if isPast(value, level) { return ConditionResult(.holds, observed: value) }
        guard let clear else { return ConditionResult(.fails, observed: value) }
        guard let clearLevel = clear.value(table) else { return .unknown }
        return ConditionResult(isPast(value, clearLevel) ? .clearing : .fails, observed: value)
    }

    @inline(__always)
    func isPast(_ value: Double, _ level: Double) -> Bool {
        side == .above ? value > level : value < level
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        if table.value(slot) == nil { return table.missingValue(slot, name: metric) }
        return level.waiting(table) ?? clear?.waiting(table)
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let value = observed.map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        let threshold = level.humanText(table, metric: metric)
        // A resolve says where the value went back to, never the firing words again.
        let message = status == .firing ? "\(metric) is \(value), \(side.rawValue) \(threshold)"
                                        : "\(metric) is \(value), back \(side == .above ? "below" : "above") \(threshold)"
        return ConditionReport(threshold: level.value(table), thresholdText: threshold,
                               criterion: "\(side.rawValue) \(level.text(table))",
                               values: ObservedValue.list(metric, observed, level.values(table)),
                               defaultMessage: message)
    }
}

extension LevelCondition: VersionOneDigest {
    var versionOneText: (clear: Double, condition: String)? {
        guard let level = level.expression.constant else { return nil }
        let clear = self.clear.map { $0.expression.constant } ?? level
        return clear.map { ($0, "\(side.rawValue):\(level)") }
    }
}

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
