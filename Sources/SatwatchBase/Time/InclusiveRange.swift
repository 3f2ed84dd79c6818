/// `begin` to `end`, both included, as Alertmanager's `InclusiveRange`. Not a `ClosedRange`:
/// a day-of-month range such as `1:-1` has its end below its begin until the month is known.
struct InclusiveRange: Sendable, Equatable {
    let begin: Int
    let end: Int

    init(_ begin: Int, _ end: Int) {
        self.begin = begin
        self.end = end
    }

    /// Whether `value` lies between `begin` and `end`.
    func contains(_ value: Int) -> Bool { begin <= value && value <= end }
}
