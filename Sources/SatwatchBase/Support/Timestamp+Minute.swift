/// UTC minutes, as the metric series count them: whole minutes since 1970-01-01.
extension Timestamp {
    /// Milliseconds in a minute.
    static let millisecondsPerMinute: Int64 = 60_000

    /// The UTC minute this instant falls in (floor division, so also right before the epoch).
    package var utcMinute: Int64 { milliseconds.floorDivided(by: Self.millisecondsPerMinute).quotient }

    /// The first millisecond of `minute`.
    package init(startOfUTCMinute minute: Int64) { self.init(milliseconds: minute &* Self.millisecondsPerMinute) }
}
