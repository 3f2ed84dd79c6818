/// The parts of a rule that decide its transitions, and nothing else: plain values with no
/// reference-counted storage, so the engine's inner loop copies and compares them for free.
public struct RuleLogic: Sendable, Equatable {
    /// The condition.
    public var condition: Condition
    /// Hysteresis level.
    public var clear: Double
    /// How long the condition must hold before firing.
    public var holdFor: TimeSpan
    /// Reminder interval; zero: never.
    public var repeatEvery: TimeSpan

    /// Creates the logic of a rule.
    public init(condition: Condition, clear: Double, holdFor: TimeSpan, repeatEvery: TimeSpan?) {
        self.condition = condition
        self.clear = clear
        self.holdFor = holdFor
        self.repeatEvery = repeatEvery ?? .zero
    }
}

extension Rule {
    /// The rule's transition logic.
    public var logic: RuleLogic {
        RuleLogic(condition: condition, clear: clear, holdFor: holdFor, repeatEvery: repeatEvery)
    }
}
