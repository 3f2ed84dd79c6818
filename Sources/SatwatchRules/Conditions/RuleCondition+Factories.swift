import SatwatchBase

extension RuleCondition where Self == LevelCondition {
    /// `above: level` on `metric` (for rules built in code).
    package static func above(_ level: Double, clear: Double? = nil, metric: String) -> LevelCondition {
        LevelCondition(.above, metric: metric, level: Expression(constant: level), clear: clear.map(Expression.init(constant:)))
    }

    /// `below: level` on `metric` (for rules built in code).
    package static func below(_ level: Double, clear: Double? = nil, metric: String) -> LevelCondition {
        LevelCondition(.below, metric: metric, level: Expression(constant: level), clear: clear.map(Expression.init(constant:)))
    }
}

extension RuleCondition where Self == ChangeCondition {
    /// `change: {"percent": percent, "within": within}` on `metric` (for rules built in code).
    package static func change(percent: Double, within: TimeSpan, clear: Double? = nil, metric: String) -> ChangeCondition {
        ChangeCondition(metric: metric, .percent, percent, within: within, clear: clear)
    }
}
