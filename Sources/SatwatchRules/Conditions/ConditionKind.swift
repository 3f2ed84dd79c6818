import SatwatchBase

/// How one kind of condition is read from a rule file: the keys that select it and its parser.
/// Each condition type is one file in `Conditions/Kinds/` (its tests in
/// `Tests/SatwatchTests/Rules/Conditions/Kinds/`), conforms there and is listed in `ConditionKinds.all`.
package protocol ConditionKind: Sendable {
    /// The keys that select the kind (`above`, `below`).
    static var keys: [String] { get }
    /// Whether it may be a part of `all` / `any` (a level condition on one metric).
    static var isLevel: Bool { get }
    /// Whether the rule's `metric` is its own (false: its parts name theirs).
    static var needsMetric: Bool { get }
    /// Why a rule of this kind takes no `metric` or `source` (for kinds that need none).
    static var noMetricReason: String { get }
    /// Whether it reads the rule's `clear`.
    static var readsClear: Bool { get }
    /// Reads the condition selected by `key` from `object`; problems are reported at their place.
    static func parse(_ key: String, _ object: inout ConfigObject, _ scope: ConditionScope) -> (any RuleCondition)?
}

extension ConditionKind {
    package static var isLevel: Bool { false }
    package static var needsMetric: Bool { true }
    package static var noMetricReason: String { "each of its conditions names its own" }
    package static var readsClear: Bool { false }
}
