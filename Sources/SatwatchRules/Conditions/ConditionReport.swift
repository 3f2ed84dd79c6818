import SatwatchBase

/// What a notification says about its condition.
package struct ConditionReport: Sendable, Equatable {
    /// The threshold as a number (`threshold` annotation and fact); nil when there is no single
    /// one (a band, a compound condition, `on: "change"`).
    package var threshold: Double?
    /// `{{threshold}}`: the number, a band `90000–100000`, or an expression with its value.
    package var thresholdText: String
    /// What the condition asks of its metric, without the metric: `below 3`, `between 1–2`.
    package var criterion: String
    /// Every metric and expression involved, with its value (`{{values}}`).
    package var values: [ObservedValue]
    /// The message when the rule has no template.
    package var defaultMessage: String
    /// The news item a `news` condition fired on (`{{title}}`, `{{link}}`); nil for others.
    package var headline: Headline? = nil
}
