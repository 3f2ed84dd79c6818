/// One remembered value of a `change` rule's history, as the state file stores it.
public struct HistoryPoint: Sendable, Equatable {
    /// When the value was observed.
    public var at: Timestamp
    /// The value.
    public var value: Double

    /// Creates a point.
    public init(at: Timestamp, value: Double) {
        self.at = at
        self.value = value
    }
}
