import SatwatchBase

/// `on: "change"`: an event, once per new value of the metric (each new `block.height`). The
/// last value is the condition's memory, persisted: the first value ever seen only sets it, and
/// a value that changed while the worker was down is announced once when it is back.
package struct NewValueCondition: RuleCondition {
    let metric: String
    private var slot = -1

    /// A condition on each new value of `metric`.
    package init(metric: String) { self.metric = metric }

    package var metrics: [String] { [metric] }
    package var isEvent: Bool { true }
    package var definition: String { "on-change:\(metric)" }

    package mutating func bind(_ slots: inout MetricSlots, source: String?) {
        slot = slots.input(metric, source: source)
    }

    package func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult {
        guard let value = table.value(slot) else { return .unknown }
        defer { memory = value }
        return .decided(memory.map { $0 != value } ?? false, observed: value)
    }

    package func waiting(_ table: borrowing MetricTable) -> String? {
        table.value(slot) == nil ? table.missingValue(slot, name: metric) : nil
    }

    package func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport {
        let value = observed.map { DisplayNumber.human($0, metric: metric) } ?? "unknown"
        return ConditionReport(threshold: nil, thresholdText: "any change", criterion: "on change", values: ObservedValue.list(metric, observed, []),
                               defaultMessage: "\(metric) is now \(value)")
    }
}

extension NewValueCondition: ConditionKind {
    package static var keys: [String] { ["on"] }

    package static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)? {
        guard let metric = scope.metric, let event = object.string(key) else { return nil }
        guard event == "change" else {
            object.report(key, "unknown event \"\(event)\" (known: \"change\")")
            return nil
        }
        return NewValueCondition(metric: metric)
    }
}
