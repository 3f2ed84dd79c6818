import SatwatchBase

/// `change: {"percent": P | "absolute": A, "within": D}`: holds while the metric has moved by at
/// least P percent (A in its unit; signed, negative for a drop) from its value D ago; a firing
/// alert resolves once the move is back past `clear` (default P or A).
package struct ChangeCondition: RuleCondition {
    /// How the move is measured.
    package enum Measure: String, Sendable {
        case percent, absolute
    }

    let metric: String
    let measure: Measure
    /// The move that fires, signed: its sign is the direction.
    let amount: Double
    let within: TimeSpan
    let clear: Double
    private var slot = -1

    /// A change condition on `metric`.
    package init(metric: String, _ measure: Measure, _ amount: Double, within: TimeSpan, clear: Double? = nil) {
        self.metric = metric
        self.measure = measure
        self.amount = amount
        self.within = within
        self.clear = clear ?? amount
    }

    package var metrics: [String] { [metric] }

    package var definition: String { "change:\(metric):\(measure.rawValue):\(amount):\(within.milliseconds):\(clear)" }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
        _ = slots.history(metric, span: within, source: source)
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let move = move(table) else { return .unknown }
        if isPast(move, amount) { return ConditionResult(.holds, observed: move) }
        return ConditionResult(isPast(move, clear) ? .clearing : .fails, observed: move)
    }

    /// The move since `within` ago: nil while history does not reach back that far (or, for a
    /// percentage, that value was zero).
    private func move(_ table: borrowing MetricTable) -> Double? {
        guard let value = table.value(slot), let reference = table.reference(slot, within: within) else { return nil }
        switch measure {
        case .absolute: return value - reference
        case .percent: return reference == 0 ? nil : (value - reference) / reference * 100
        }
    }

    private func isPast(_ move: Double, _ level: Double) -> Bool {
        amount >= 0 ? move >= level : move <= level
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        if table.value(slot) == nil { return table.missingValue(slot, name: metric) }
        return move(table) == nil ? "no value of \(metric) from \(within.text) ago yet" : nil
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let unit = measure == .percent ? "%" : ""
        // For people: a move in percent to 2 decimals, an absolute one at the metric's precision.
        let decimals = measure == .percent ? 2 : MetricPrecision.decimals(for: metric)
        let human = { (value: Double) in (value > 0 ? "+" : "") + DisplayNumber.human(value, decimals: decimals) }
        let moved = (observed.map(human) ?? "unknown") + unit
        let threshold = human(amount) + unit
        let now = table.value(slot).map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        let message = status == .firing
            ? "\(metric) moved \(moved) within \(within.text) (threshold \(threshold)), now \(now)"
            : "\(metric) moved \(moved) within \(within.text), back inside \(threshold), now \(now)"
        var values = ObservedValue.list(metric, table.value(slot), [])
        if let observed { values.append(ObservedValue("change within \(within.text)\(measure == .percent ? " (%)" : "")", observed)) }
        return ConditionReport(threshold: amount, thresholdText: DisplayNumber.human(amount, decimals: decimals),
                               criterion: "change of \(DisplayNumber.signed(amount) + unit) within \(within.text)", values: values,
                               defaultMessage: message)
    }

    /// None: its threshold is a change (in percent or absolute), not a level of the metric.
    package func chartLevels(_ table: borrowing MetricTable) -> [Double] { [] }
}

extension ChangeCondition: VersionOneDigest {
    var versionOneText: (clear: Double, condition: String)? {
        measure == .percent ? (clear, "change:\(amount):\(within.milliseconds)") : nil
    }
}

extension ChangeCondition: ConditionKind {
    package static var keys: [String] { ["change"] }
    package static var readsClear: Bool { true }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let metric = scope.metric, var change = object.object(key) else { return nil }
        let percent = change.number("percent"), absolute = change.number("absolute")
        let within = change.span("within", required: true)
        let clear = object.number("clear")
        change.finish()
        let measure: Measure, amount: Double
        switch (percent, absolute) {
        case (let percent?, nil): (measure, amount) = (.percent, percent)
        case (nil, let absolute?): (measure, amount) = (.absolute, absolute)
        case (nil, nil):
            if !change.has("percent"), !change.has("absolute") {
                change.report(nil, "\"change\" needs \"percent\" or \"absolute\"")
            }
            return nil
        default:
            change.report("absolute", "\"change\" takes \"percent\" or \"absolute\", not both")
            return nil
        }
        if amount == 0 { change.report(measure.rawValue, "\"\(measure.rawValue)\" must not be 0 (negative for a drop, positive for a rise)") }
        if within?.milliseconds == 0 { change.report("within", "\"within\" must be longer than 0s") }
        guard let within, amount != 0, within.milliseconds > 0 else { return nil }
        if let clear, amount > 0 ? clear > amount : clear < amount {
            let direction = amount > 0 ? "above the threshold \(DisplayNumber.format(amount)): a rise clears below it"
                                       : "below the threshold \(DisplayNumber.format(amount)): a drop clears above it"
            object.report("clear", "\"clear\" (\(DisplayNumber.format(clear))) must not be \(direction)")
            return nil
        }
        return ChangeCondition(metric: metric, measure, amount, within: within, clear: clear)
    }
}
