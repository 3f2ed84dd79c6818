import SatwatchBase

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
