/// One kind of local time a zone uses: its offset from UTC, whether it is daylight saving time,
/// and its abbreviation (`CET`, `CEST`, `+03`). TZif calls it a "ttinfo".
struct LocalTimeType: Sendable, Equatable {
    /// Seconds east of UTC (Berlin in winter: 3600; New York: -18000).
    let utcOffset: Int
    /// Whether this is daylight saving (summer) time.
    let isDST: Bool
    /// The designation, e.g. `CEST`.
    let abbreviation: String

    /// UTC itself.
    static let utc = LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC")
}
