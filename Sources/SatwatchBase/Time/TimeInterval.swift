/// A recurring window of time in Alertmanager's shape: times of day, weekdays, days of the
/// month, months and years, read on the wall clock of `location`. Each list that is present
/// must have a range containing the instant (any one of its ranges will do); a list left out
/// matches everything, so `{}` is always.
///
/// Note the name shadows Foundation's `TimeInterval` (a `Double`) inside these targets; the
/// module does not use that alias.
package struct TimeInterval: Sendable, Equatable {
    /// Times of day; nil matches the whole day.
    var times: [TimeOfDayRange]?
    /// Inclusive weekday ranges, 0 = Sunday ... 6 = Saturday.
    var weekdays: [InclusiveRange]?
    /// Inclusive day ranges; negative days count back from the month's end (-1 = last day).
    var daysOfMonth: [InclusiveRange]?
    /// Inclusive month ranges, 1 = January.
    var months: [InclusiveRange]?
    /// Inclusive year ranges.
    var years: [InclusiveRange]?
    /// Whose wall clock the fields are read on; UTC when not given (as in Alertmanager).
    var location: TimeZoneRules = .utc

    /// Whether `instant` falls in this interval, evaluated as Alertmanager's
    /// `TimeInterval.ContainsTime`: end times exclusive, the other ranges inclusive.
    func contains(_ instant: Timestamp) -> Bool {
        let local = location.localTime(at: instant)
        if let times, !times.contains(where: { $0.contains(minute: local.minuteOfDay) }) { return false }
        if let daysOfMonth, !daysOfMonth.contains(where: { Self.day(local.day, of: local.daysInMonth, isIn: $0) }) {
            return false
        }
        if let months, !months.contains(where: { $0.contains(local.month) }) { return false }
        if let weekdays, !weekdays.contains(where: { $0.contains(local.weekday) }) { return false }
        if let years, !years.contains(where: { $0.contains(local.year) }) { return false }
        return true
    }

    /// Alertmanager's day-of-month test: negative bounds resolved against the month's length,
    /// a range starting after the month's end skipped, the rest clamped to the month.
    static func day(_ day: Int, of daysInMonth: Int, isIn range: InclusiveRange) -> Bool {
        var begin = range.begin < 0 ? daysInMonth + range.begin + 1 : range.begin
        var end = range.end < 0 ? daysInMonth + range.end + 1 : range.end
        if begin > daysInMonth { return false }
        begin = min(max(begin, -daysInMonth), daysInMonth)
        end = min(max(end, -daysInMonth), daysInMonth)
        return day >= begin && day <= end
    }
}

extension Sequence<TimeInterval> {
    /// Whether any interval contains `instant`: a named time interval (`"night": [...]`)
    /// matches when any of its intervals does.
    func anyContains(_ instant: Timestamp) -> Bool { contains { $0.contains(instant) } }
}
