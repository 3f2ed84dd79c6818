import SatwatchBase

/// `crosses_above: X` / `crosses_below: X`: an event, once each time a sample lands strictly on
/// the other side of the level than the last sample that was not on it. The side is the
/// condition's memory, persisted, so a crossing while the worker was down is announced once
/// when it is back, and a restart never announces one twice.
package struct CrossingCondition: RuleCondition {
    /// The direction that fires.
    package enum Direction: String, Sendable {
        case crossesAbove = "crosses_above", crossesBelow = "crosses_below"
    }

    let direction: Direction
    let metric: String
    var level: BoundExpression
    private var slot = -1

    /// A crossing of `level` by `metric`.
    package init(_ direction: Direction, metric: String, level: Expression) {
        self.direction = direction
        self.metric = metric
        self.level = BoundExpression(level)
    }

    package var metrics: [String] { [metric] }
    package var isEvent: Bool { true }
    package var definition: String { "\(direction.rawValue):\(metric):\(level.expression.text)" }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
        level.bind(&slots)
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let value = table.value(slot), let level = level.value(table) else { return .unknown }
        // On the level itself, the side does not change: 99 → 100 → 101 crosses once, at 101.
        let side: Double = value > level ? 1 : value < level ? -1 : memory ?? 0
        defer { if side != 0 { memory = side } }
        guard let before = memory, before != side, side != 0 else { return ConditionResult(.fails, observed: value) }
        return .decided((direction == .crossesAbove) == (side > 0), observed: value)
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        if table.value(slot) == nil { return table.missingValue(slot, name: metric) }
        return level.waiting(table)
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let value = observed.map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        let word = direction == .crossesAbove ? "above" : "below"
        let threshold = level.humanText(table, metric: metric)
        return ConditionReport(threshold: level.value(table), thresholdText: threshold,
                               criterion: "crosses \(word) \(level.text(table))",
                               values: ObservedValue.list(metric, observed, level.values(table)),
                               defaultMessage: "\(metric) crossed \(word) \(threshold), now \(value)")
    }
}

extension CrossingCondition: ConditionKind {
    package static var keys: [String] { ["crosses_above", "crosses_below"] }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let direction = Direction(rawValue: key), let metric = scope.metric,
              let level = object.expression(key, checks: scope.checks) else { return nil }
        return CrossingCondition(direction, metric: metric, level: level)
    }
}
