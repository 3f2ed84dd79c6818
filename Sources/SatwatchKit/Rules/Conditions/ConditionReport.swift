/// What a notification says about its condition.
public struct ConditionReport: Sendable, Equatable {
    /// The threshold as a number (`threshold` annotation and fact); nil when there is no single
    /// one (a band, a compound condition, `on: "change"`).
    public var threshold: Double?
    /// `{{threshold}}`: the number, a band `90000–100000`, or an expression with its value.
    public var thresholdText: String
    /// What the condition asks of its metric, without the metric: `below 3`, `between 1–2`.
    public var criterion: String
    /// Every metric and expression involved, with its value (`{{values}}`).
    public var values: [ObservedValue]
    /// The message when the rule has no template.
    public var defaultMessage: String
}
