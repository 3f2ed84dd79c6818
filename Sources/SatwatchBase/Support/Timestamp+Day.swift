/// UTC days, as daily closes and Coin Metrics rows count them: whole days since 1970-01-01.
extension Timestamp {
    /// Milliseconds in a UTC day (no leap seconds in Unix time).
    package static let millisecondsPerDay: Int64 = 86_400_000

    /// The UTC day this instant falls in (floor division, so also right before the epoch).
    package var utcDay: Int64 { milliseconds.floorDivided(by: Self.millisecondsPerDay).quotient }

    /// 00:00 UTC of `day`.
    package init(startOfUTCDay day: Int64) { self.init(milliseconds: day &* Self.millisecondsPerDay) }
}
