import SatwatchBase

/// The parts of a rule that decide its transitions besides the condition: plain values with no
/// reference-counted storage, so the engine's inner loop copies and compares them for free.
package struct RuleLogic: Sendable, Equatable {
    /// How long the condition must hold before firing.
    package var holdFor: TimeSpan
    /// Reminder interval; zero: never.
    package var repeatEvery: TimeSpan
    /// An event condition: each occurrence notifies once, the rule never fires or resolves.
    package var isEvent: Bool
    /// Candle length; zero: the rule is evaluated on every sample.
    package var candle: TimeSpan
    /// Disable the rule after its first notification.
    package var once: Bool

    /// Creates the logic of a rule.
    package init(holdFor: TimeSpan = .zero, repeatEvery: TimeSpan? = nil, isEvent: Bool = false,
                candle: TimeSpan? = nil, once: Bool = false) {
        self.holdFor = holdFor
        self.repeatEvery = repeatEvery ?? .zero
        self.isEvent = isEvent
        self.candle = candle ?? .zero
        self.once = once
    }
}

extension Rule {
    /// The rule's transition logic.
    package var logic: RuleLogic {
        RuleLogic(holdFor: holdFor, repeatEvery: repeatEvery, isEvent: condition.isEvent, candle: candle, once: once)
    }
}
