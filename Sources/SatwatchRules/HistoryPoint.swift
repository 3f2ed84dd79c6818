import SatwatchBase

/// One remembered value of a `change` rule's history, as the state file stores it.
package struct HistoryPoint: Sendable, Equatable {
    /// When the value was observed.
    package var at: Timestamp
    /// The value.
    package var value: Double

    /// Creates a point.
    package init(at: Timestamp, value: Double) {
        self.at = at
        self.value = value
    }
}
