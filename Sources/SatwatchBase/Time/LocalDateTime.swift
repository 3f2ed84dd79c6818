/// A wall-clock date and time in some zone: what a clock on the wall there shows.
package struct LocalDateTime: Sendable, Equatable, CustomStringConvertible {
    /// The proleptic Gregorian year.
    let year: Int
    /// 1 = January ... 12 = December.
    package let month: Int
    /// 1...31.
    package let day: Int
    /// 0 = Sunday ... 6 = Saturday (as Alertmanager and `time.Weekday` count).
    let weekday: Int
    /// 0...23.
    package let hour: Int
    /// 0...59.
    package let minute: Int
    /// 0...59 (Unix time has no leap seconds).
    let second: Int
    /// Seconds east of UTC in effect at that instant.
    let utcOffset: Int

    /// The wall-clock time `utcOffset` seconds east of UTC at `epochSeconds`.
    package init(epochSeconds: Int64, utcOffset: Int) {
        let civil = CivilDate(epochSeconds: epochSeconds + Int64(utcOffset))
        year = civil.year
        month = civil.month
        day = civil.day
        weekday = civil.weekday
        hour = civil.hour
        minute = civil.minute
        second = civil.second
        self.utcOffset = utcOffset
    }

    /// Days in this date's month (28...31).
    var daysInMonth: Int { CivilDate.daysIn(month: month, year: year) }

    /// Minutes since local midnight (0...1439).
    var minuteOfDay: Int { hour * 60 + minute }

    /// `2026-03-29 03:00:00 +02:00`, for test failures and logs.
    package var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let sign = utcOffset < 0 ? "-" : "+"
        let offset = abs(utcOffset)
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        text += " \(sign)\(pad(offset / 3600, 2)):\(pad(offset % 3600 / 60, 2))"
        return text
    }
}
