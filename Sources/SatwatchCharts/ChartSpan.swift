import SatwatchBase

/// A period shaded on the time axis: the rule was firing from `from` to `to` (for a period still
/// going on, `to` is now). Parts outside the chart's range are cut off.
package struct ChartSpan: Sendable, Equatable {
    /// When the period began.
    package var from: Timestamp
    /// When it ended.
    package var to: Timestamp

    /// A span from `from` to `to`.
    package init(from: Timestamp, to: Timestamp) {
        self.from = from
        self.to = to
    }
}
