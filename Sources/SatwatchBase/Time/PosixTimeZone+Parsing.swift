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
