/// A condition with a `clear` level (`above`, `below`, `change`): debug logs say where a firing
/// alert will resolve.
protocol HysteresisCondition {
    /// The level past which a firing alert resolves, now; nil when it cannot be computed yet.
    func clearLevel(_ table: borrowing MetricTable) -> Double?
}

extension LevelCondition: HysteresisCondition {
    func clearLevel(_ table: borrowing MetricTable) -> Double? { (clear ?? level).value(table) }
}

extension ChangeCondition: HysteresisCondition {
    func clearLevel(_ table: borrowing MetricTable) -> Double? { clear }
}
