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

extension PosixTimeZone {
    /// Parses a TZ string: `std offset [dst [offset] [,start[/time],end[/time]]]` with names
    /// of three or more letters or `<quoted>` (`<+03>-3`), rules as `Jn`, `n` or `Mm.w.d`, and
    /// RFC 8536's extended rule times (-167 to 167 hours). A `dst` without rules gets the US
    /// rules `M3.2.0,M11.1.0`, as glibc and Go do.
    init(parsing text: String) throws(PosixTimeZoneSyntaxError) {
        var parser = PosixTimeZoneParser(text)
        let standardName = try parser.name()
        let standardOffset = -(try parser.time(maxHours: 24, what: "an offset after \"\(standardName)\""))
        standard = LocalTimeType(utcOffset: standardOffset, isDST: false, abbreviation: standardName)
        guard !parser.atEnd else {
            daylight = nil
            return
        }
        let daylightName = try parser.name()
        var daylightOffset = standardOffset + 3600
        if !parser.atEnd, !parser.isNext(",") {
            daylightOffset = -(try parser.time(maxHours: 24, what: "an offset after \"\(daylightName)\""))
        }
        let type = LocalTimeType(utcOffset: daylightOffset, isDST: true, abbreviation: daylightName)
        guard parser.skip(",") else {
            guard parser.atEnd else { throw parser.error("expected \",\" and the rule that starts daylight time") }
            let defaultTime = 7200
            daylight = Daylight(type: type,
                                start: PosixTransitionRule(day: .monthWeek(month: 3, week: 2, weekday: 0), time: defaultTime),
                                end: PosixTransitionRule(day: .monthWeek(month: 11, week: 1, weekday: 0), time: defaultTime))
            return
        }
        let start = try parser.rule()
        guard parser.skip(",") else { throw parser.error("expected \",\" and the rule that ends daylight time") }
        let end = try parser.rule()
        guard parser.atEnd else { throw parser.error("unexpected text after the end rule") }
        daylight = Daylight(type: type, start: start, end: end)
    }
}
