import SatwatchBase

extension RuleEngine {
    /// Lets time pass up to `now` the way the running worker does: its alarm wakes the engine at
    /// every deadline on the way (each end of a `for`, each `repeat` reminder), so each acts at
    /// its own time. `advance(to:)` alone sends a reminder that is more than one period overdue
    /// once, at `now`: right after downtime, wrong across a gap between a test's samples or a
    /// recording's frames, during which the worker would have been up.
    package mutating func advanceStepwise(to now: Timestamp) -> [RuleChange] {
        var changes: [RuleChange] = []
        while let next = nextDeadline(), next <= now { changes += advance(to: next) }
        return changes
    }
}
