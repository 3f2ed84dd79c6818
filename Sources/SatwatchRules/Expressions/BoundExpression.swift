import SatwatchBase

/// An expression whose metric names are resolved to slots of the engine's table.
struct BoundExpression: Sendable, Equatable {
    let expression: Expression
    private var metricSlots: [Int] = []
    private var windowSlots: [Int] = []

    init(_ expression: Expression) { self.expression = expression }

    /// Binds every metric it names as an input (its samples re-evaluate the rule), and every
    /// window as history to keep.
    mutating func bind(_ slots: inout MetricSlots) {
        metricSlots = expression.metrics.map { slots.input($0.name) }
        windowSlots = expression.windows.map { slots.window($0.metric, span: $0.span, function: $0.function) }
    }

    /// The value now; nil when a metric has no fresh value or a window is not filled yet.
    @inline(__always)
    func value(_ table: borrowing MetricTable) -> Double? {
        if let constant = expression.constant { return constant }
        return expression.evaluate(Inputs(table: copy table, metricSlots: metricSlots, windowSlots: windowSlots,
                                          calls: expression.windows))
    }

    /// The number, or the expression's text followed by its value.
    func text(_ table: borrowing MetricTable) -> String {
        if let constant = expression.constant { return DisplayNumber.format(constant) }
        return "\(expression.text) (\(value(table).map(DisplayNumber.format) ?? "unknown"))"
    }

    /// `text` as messages for people show it: numbers at the precision of `metric`, the metric
    /// the level is compared with (`95,000`, `btc.eur * 1.1 (99,000)`).
    func humanText(_ table: borrowing MetricTable, metric: String) -> String {
        let human = { (value: Double) in DisplayNumber.human(value, metric: metric) }
        if let constant = expression.constant { return human(constant) }
        return "\(expression.text) (\(value(table).map(human) ?? "unknown"))"
    }

    /// The expression and each metric and window in it, with their values: `{{values}}` lines.
    /// Nothing for a constant.
    func values(_ table: borrowing MetricTable) -> [ObservedValue] {
        guard expression.constant == nil else { return [] }
        var result: [ObservedValue] = []
        if let value = value(table) { result.append(ObservedValue(expression.text, value)) }
        for (reference, slot) in zip(expression.metrics, metricSlots) {
            if let value = table.value(slot) { result.append(ObservedValue(reference.name, value)) }
        }
        for (call, slot) in zip(expression.windows, windowSlots) {
            if let value = table.window(call.function, slot, span: call.span) { result.append(ObservedValue(call.text, value)) }
        }
        return result
    }

    /// Why it has no value yet: the first metric without a fresh value or window not filled.
    func waiting(_ table: borrowing MetricTable) -> String? {
        if expression.constant != nil { return nil }
        for (reference, slot) in zip(expression.metrics, metricSlots) where table.value(slot) == nil {
            return "no fresh value of \(reference.name) yet"
        }
        for (call, slot) in zip(expression.windows, windowSlots) where table.window(call.function, slot, span: call.span) == nil {
            return table.windowShortfall(call, slot)
        }
        return nil
    }

    private struct Inputs: ExpressionInputs {
        let table: MetricTable
        let metricSlots: [Int]
        let windowSlots: [Int]
        let calls: [WindowCall]
        func metric(_ index: Int) -> Double? { table.value(metricSlots[index]) }
        func window(_ index: Int) -> Double? { table.window(calls[index].function, windowSlots[index], span: calls[index].span) }
    }
}
