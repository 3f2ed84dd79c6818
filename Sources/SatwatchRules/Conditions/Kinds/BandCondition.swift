import SatwatchBase

/// `between: [L, H]` holds while the metric is inside the band (bounds included); `outside:
/// [L, H]` while it is outside. Entering (leaving) fires, leaving (re-entering) resolves.
package struct BandCondition: RuleCondition {
    /// Which part of the band holds.
    package enum Part: String, Sendable {
        case between, outside
    }

    let part: Part
    let metric: String
    var low: BoundExpression
    var high: BoundExpression
    private var slot = -1

    /// A band condition on `metric`.
    package init(_ part: Part, metric: String, low: Expression, high: Expression) {
        self.part = part
        self.metric = metric
        self.low = BoundExpression(low)
        self.high = BoundExpression(high)
    }

    package var metrics: [String] { [metric] }

    package var decidesOnCurrentValues: Bool { true }

    package var definition: String { "\(part.rawValue):\(metric):\(low.expression.text):\(high.expression.text)" }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
        low.bind(&slots)
        high.bind(&slots)
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let value = table.value(slot), let low = low.value(table), let high = high.value(table) else { return .unknown }
        let inside = value >= low && value <= high
        return .decided(part == .between ? inside : !inside, observed: value)
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        if table.value(slot) == nil { return table.missingValue(slot, name: metric) }
        return low.waiting(table) ?? high.waiting(table)
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let value = observed.map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        let band = "\(low.humanText(table, metric: metric))–\(high.humanText(table, metric: metric))"
        let message = switch (part, status) {
        case (.between, .firing): "\(metric) is \(value), inside \(band)"
        case (.between, .resolved): "\(metric) is \(value), left \(band)"
        case (.outside, .firing): "\(metric) is \(value), outside \(band)"
        case (.outside, .resolved): "\(metric) is \(value), back inside \(band)"
        }
        return ConditionReport(threshold: nil, thresholdText: band, criterion: "\(part.rawValue) \(low.text(table))–\(high.text(table))",
                               values: ObservedValue.list(metric, observed, low.values(table) + high.values(table)),
                               defaultMessage: message)
    }

    /// Both edges of the band.
    package func chartLevels(_ table: borrowing MetricTable) -> [Double] {
        [low.value(table), high.value(table)].compactMap { $0 }
    }
}

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
