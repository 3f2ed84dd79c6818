/// A POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3`: what a TZif footer says about every
/// instant after the file's last transition (RFC 8536 section 3.3).
struct PosixTimeZone: Sendable, Equatable {
    /// Daylight saving time and the two yearly switches.
    struct Daylight: Sendable, Equatable {
        let type: LocalTimeType
        /// The switch to daylight time, in standard local time.
        let start: PosixTransitionRule
        /// The switch back, in daylight local time.
        let end: PosixTransitionRule
    }

    let standard: LocalTimeType
    /// Nil for zones without daylight saving time (`<+03>-3`, `UTC0`).
    let daylight: Daylight?

    /// The local time type at `seconds` (Unix time).
    func localTimeType(at seconds: Int64) -> LocalTimeType {
        guard let daylight else { return standard }
        // The year as standard local time counts it: a southern zone's DST spans New Year, and
        // both switches of that year decide the instant.
        let year = CivilDate(epochSeconds: seconds + Int64(standard.utcOffset)).year
        let start = daylight.start.instant(in: year, utcOffset: standard.utcOffset)
        let end = daylight.end.instant(in: year, utcOffset: daylight.type.utcOffset)
        if start == end { return standard }
        let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inDaylight ? daylight.type : standard
    }
}
