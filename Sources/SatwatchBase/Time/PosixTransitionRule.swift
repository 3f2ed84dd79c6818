/// When a POSIX TZ rule switches to or from daylight saving time in a given year: a day (`Jn`,
/// `n` or `Mm.w.d`) and a local time of day (`/2`, default 02:00; RFC 8536 allows -167 to 167 h,
/// so `/25` means 01:00 the next day).
struct PosixTransitionRule: Sendable, Equatable {
    /// Which day of the year.
    enum Day: Sendable, Equatable {
        /// `Jn`: day 1...365, February 29 never counted (J60 is always March 1).
        case julian(Int)
        /// `n`: zero-based day 0...365, February 29 counted in leap years.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1...5, 5 = the last) of month `m`.
        case monthWeek(month: Int, week: Int, weekday: Int)
    }

    let day: Day
    /// Seconds after local midnight of `day`.
    let time: Int

    /// The instant (Unix seconds) of this switch in `year`, for a wall clock `utcOffset`
    /// seconds east of UTC before the switch.
    func instant(in year: Int, utcOffset: Int) -> Int64 {
        Int64(dayNumber(in: year)) * 86_400 + Int64(time) - Int64(utcOffset)
    }

    /// Days since 1970-01-01 of the rule's day in `year`.
    func dayNumber(in year: Int) -> Int {
        let january1 = CivilDate(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0).daysSinceEpoch
        switch day {
        case .julian(let n):
            let leap = CivilDate.daysIn(month: 2, year: year) == 29
            return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            return january1 + n
        case .monthWeek(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1, hour: 0, minute: 0, second: 0)
            var day = 1 + (weekday - first.weekday + 7) % 7 + (week - 1) * 7
            // Week 5 means the last such weekday, which may be in the fourth week.
            while day > CivilDate.daysIn(month: month, year: year) { day -= 7 }
            return first.daysSinceEpoch + day - 1
        }
    }
}
