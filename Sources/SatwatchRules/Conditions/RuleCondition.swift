import SatwatchBase

/// A rule's condition, one of the contract's kinds (`above`, `between`, `crosses_above`,
/// `change`, `all`, `on`, …).
///
/// A condition only decides: reading the engine's metric table, it says whether it holds, with
/// the value it looked at. The state machine (`RuleState+Transitions`) turns that into pending,
/// firing and resolved, so `for`, `clear`, `repeat`, `resolve`, staleness and persistence work
/// the same for every kind. A new kind is one type conforming to this protocol and to
/// `ConditionKind` (its parser), listed in `ConditionKinds.all`.
package protocol RuleCondition: Sendable {
    /// The metrics it reads, the rule's own first (a candle follows that one).
    var metrics: [String] { get }
    /// True for events (crossings, `on: "change"`): each occurrence notifies once, nothing
    /// resolves, and `for`, `clear`, `repeat` and `resolve` do not apply.
    var isEvent: Bool { get }
    /// True when its decision depends on nothing but its inputs' current values: no memory, no
    /// clock, no history of its own (the engine checks the windows of its expressions itself).
    /// A sample that repeats such a condition's input value then cannot change its decision, and
    /// the engine does not evaluate it again: a fee frame that moves one of five values evaluates
    /// the rules of that one.
    var decidesOnCurrentValues: Bool { get }
    /// Everything that decides when it holds, as text: part of the rule's digest, so a changed
    /// condition starts fresh after a reload or restart.
    var definition: String { get }
    /// Resolves metric names to the engine's slots. `source` pins the rule's own metric to a feed.
    mutating func bind(_ slots: inout MetricSlots, source: String?)
    /// Whether it holds now. `memory` is what it kept from its last evaluation (crossings keep
    /// the side of the level, `on: "change"` the last value); it is persisted with the rule.
    func evaluate(_ table: borrowing MetricTable, memory: inout Double?) -> ConditionResult
    /// Why it cannot decide yet (no value, history missing), for `status` and debug logs; nil
    /// when it can.
    func waiting(_ table: borrowing MetricTable) -> String?
    /// What a notification says: the threshold, every value involved, the default message.
    func report(_ table: borrowing MetricTable, status: Notification.Status, observed: Double?) -> ConditionReport
    /// The levels a chart of the rule's own metric draws as lines: its threshold, a band's two
    /// edges; none when no level is on that metric's scale (a change in percent, a compound).
    func chartLevels(_ table: borrowing MetricTable) -> [Double]
}

extension RuleCondition {
    package var isEvent: Bool { false }
    package var decidesOnCurrentValues: Bool { false }

    /// The threshold the condition reports, when it has one.
    package func chartLevels(_ table: borrowing MetricTable) -> [Double] {
        report(table, status: .firing, observed: nil).threshold.map { [$0] } ?? []
    }
}

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
