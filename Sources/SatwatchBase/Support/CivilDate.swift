/// A proleptic Gregorian date and time of day in UTC, converted to and from Unix epoch seconds.
///
/// Written out by hand because library targets avoid Foundation's calendars and formatters; the
/// day arithmetic is Howard Hinnant's `days_from_civil` / `civil_from_days`, exact for every
/// year representable here.
package struct CivilDate: Equatable, Sendable {
    package var year: Int
    /// 1...12
    package var month: Int
    /// 1...31
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int

    package static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    package static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                             "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The UTC date and time of `epochSeconds` (seconds since 1970-01-01T00:00:00Z).
    package init(epochSeconds: Int64) {
        // Floor division, so instants before 1970 land on the right day.
        let days = Int(epochSeconds >= 0 ? epochSeconds / 86_400 : (epochSeconds - 86_399) / 86_400)
        let secondOfDay = Int(epochSeconds - Int64(days) * 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Days since 1970-01-01 of this date.
    package var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Seconds since the Unix epoch.
    package var epochSeconds: Int64 {
        Int64(daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// 0 = Sunday ... 6 = Saturday. 1970-01-01 was a Thursday.
    package var weekday: Int {
        let remainder = (daysSinceEpoch + 4) % 7
        return remainder < 0 ? remainder + 7 : remainder
    }

    /// Whether the fields name a real calendar date and time (leap seconds excluded).
    package var isValid: Bool {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second), day >= 1 else { return false }
        return day <= Self.daysIn(month: month, year: year)
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

