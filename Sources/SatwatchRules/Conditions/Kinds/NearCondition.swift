import SatwatchBase

/// `near: {"of": "sma(btc.usd, 20d)", "percent": 2}` holds while the metric is within `percent`
/// of a reference (a number or an expression: a moving average, another market's price), bounds
/// included: a price coming back to its 20-day average, a premium closing to under 1 %. Coming
/// near fires, moving away resolves. One band written once, where `between` would repeat the
/// reference: `["sma(btc.usd, 20d) * 0.98", "sma(btc.usd, 20d) * 1.02"]`.
package struct NearCondition: RuleCondition {
    let metric: String
    var reference: BoundExpression
    /// The distance allowed, in percent of the reference.
    let percent: Double
    private var slot = -1

    /// A `near` condition on `metric`.
    package init(metric: String, of reference: Expression, percent: Double) {
        self.metric = metric
        self.reference = BoundExpression(reference)
        self.percent = percent
    }

    package var metrics: [String] { [metric] }

    package var decidesOnCurrentValues: Bool { true }

    package var definition: String { "near:\(metric):\(reference.expression.text):\(percent)" }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
        reference.bind(&slots)
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let value = table.value(slot), let reference = reference.value(table) else { return .unknown }
        return .decided(abs(value - reference) <= abs(reference) * percent / 100, observed: value)
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        if table.value(slot) == nil { return table.missingValue(slot, name: metric) }
        return reference.waiting(table)
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let value = observed.map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        let distance = "\(DisplayNumber.format(percent))% of \(reference.humanText(table, metric: metric))"
        let message = status == .firing ? "\(metric) is \(value), within \(distance)" : "\(metric) is \(value), no longer within \(distance)"
        return ConditionReport(threshold: reference.value(table), thresholdText: reference.humanText(table, metric: metric),
                               criterion: "within \(DisplayNumber.format(percent))% of \(reference.text(table))",
                               values: ObservedValue.list(metric, observed, reference.values(table)), defaultMessage: message)
    }

    /// The band's edges.
    package func chartLevels(_ table: borrowing MetricTable) -> [Double] {
        guard let reference = reference.value(table) else { return [] }
        let distance = abs(reference) * percent / 100
        return [reference - distance, reference + distance]
    }
}

extension NearCondition: ConditionKind {
    package static var keys: [String] { ["near"] }
    package static var isLevel: Bool { true }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let metric = scope.metric, var near = object.object(key) else { return nil }
        let reference = near.expression("of", checks: scope.checks, required: true)
        let percent = near.number("percent", required: true)
        if let percent, !(percent > 0 && percent <= 100) {
            near.report("percent", "\"percent\" must be more than 0 and at most 100, found \(DisplayNumber.format(percent))")
        }
        near.finish()
        guard let reference, let percent, percent > 0, percent <= 100 else { return nil }
        return NearCondition(metric: metric, of: reference, percent: percent)
    }
}
