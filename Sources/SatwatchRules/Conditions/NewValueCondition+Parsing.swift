import SatwatchBase

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
