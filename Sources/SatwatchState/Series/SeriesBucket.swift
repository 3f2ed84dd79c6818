import SatwatchBase

/// One UTC minute of a metric's series: the last value seen in it, and the lowest and highest
/// (what a candle or a spike on a chart needs).
package struct SeriesBucket: Sendable, Equatable {
    /// Whole minutes since the epoch (`Timestamp.utcMinute`).
    package var minute: Int64
    /// The last value recorded in the minute.
    package var value: Double
    /// The lowest value of the minute; in memory rounded down to `Float` precision (about 7
    /// significant digits), so the range drawn always encloses every value seen.
    package var low: Double
    /// The highest value of the minute; in memory rounded up to `Float` precision.
    package var high: Double

    /// A bucket; `low` and `high` default to `value` (a minute with one sample).
    package init(minute: Int64, value: Double, low: Double? = nil, high: Double? = nil) {
        self.minute = minute
        self.value = value
        self.low = low ?? value
        self.high = high ?? value
    }

    /// The start of the minute.
    package var at: Timestamp { Timestamp(startOfUTCMinute: minute) }
}
