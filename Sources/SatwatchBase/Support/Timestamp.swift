import Glibc

/// A point in time as whole milliseconds since the Unix epoch (UTC).
///
/// The engine runs on this rather than `Date` so that evaluation is integer arithmetic and time
/// can be injected: live runs use the wall clock, `replay` and `test` use recorded time.
package struct Timestamp: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    package var milliseconds: Int64

    /// Creates a timestamp from milliseconds since the epoch.
    package init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The Unix epoch.
    package static let epoch = Timestamp(milliseconds: 0)

    /// Earlier than any real time.
    package static let distantPast = Timestamp(milliseconds: .min)

    /// Later than any real time.
    package static let distantFuture = Timestamp(milliseconds: .max)

    /// Seconds since the epoch.
    package var seconds: Double { Double(milliseconds) / 1000 }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// The timestamp `span` later.
    package static func + (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(milliseconds: lhs.milliseconds &+ rhs.milliseconds)
    }

    /// The timestamp `span` earlier.
    package static func - (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        Timestamp(milliseconds: lhs.milliseconds &- rhs.milliseconds)
    }

    /// The time from `rhs` to `lhs`.
    package static func - (lhs: Timestamp, rhs: Timestamp) -> TimeSpan {
        TimeSpan(milliseconds: lhs.milliseconds &- rhs.milliseconds)
    }
}

/// UTC days, as daily closes and Coin Metrics rows count them: whole days since 1970-01-01.
extension Timestamp {
    /// Milliseconds in a UTC day (no leap seconds in Unix time).
    package static let millisecondsPerDay: Int64 = 86_400_000

    /// The UTC day this instant falls in (floor division, so also right before the epoch).
    package var utcDay: Int64 { milliseconds.floorDivided(by: Self.millisecondsPerDay).quotient }

    /// 00:00 UTC of `day`.
    package init(startOfUTCDay day: Int64) { self.init(milliseconds: day &* Self.millisecondsPerDay) }
}

/// UTC minutes, as the metric series count them: whole minutes since 1970-01-01.
extension Timestamp {
    /// Milliseconds in a minute.
    static let millisecondsPerMinute: Int64 = 60_000

    /// The UTC minute this instant falls in (floor division, so also right before the epoch).
    package var utcMinute: Int64 { milliseconds.floorDivided(by: Self.millisecondsPerMinute).quotient }

    /// The first millisecond of `minute`.
    package init(startOfUTCMinute minute: Int64) { self.init(milliseconds: minute &* Self.millisecondsPerMinute) }
}

extension Timestamp {
    /// RFC 3339 in UTC, always with milliseconds: `2025-12-10T14:02:16.000Z`. One width for
    /// every time, so sorting the text sorts the times (`…16Z` sorted after `…16.400Z`).
    package var rfc3339: String {
        let (seconds, millis) = milliseconds.floorDivided(by: 1000)
        let date = CivilDate(epochSeconds: seconds)
        var text = "\(Self.pad(date.year, 4))-\(Self.pad(date.month, 2))-\(Self.pad(date.day, 2))T"
        text += "\(Self.pad(date.hour, 2)):\(Self.pad(date.minute, 2)):\(Self.pad(date.second, 2))"
        text += ".\(Self.pad(Int(millis), 3))"
        return text + "Z"
    }

    /// Parses RFC 3339 (`2025-12-10T14:02:16Z`, `...16.046000Z`, `...16+01:00`); fractions beyond
    /// milliseconds are truncated, a leap second counts as :59. Nil when the text is not such a
    /// timestamp or names no real date.
    package init?(rfc3339 text: String) {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var value = 0
            for byte in b[from..<from + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20,
              b[13] == 0x3A, b[16] == 0x3A,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2), second <= 60
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        guard date.isValid else { return nil }
        var index = 19
        var millis: Int64 = 0
        if index < b.count, b[index] == 0x2E {
            index += 1
            var digits = 0
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
                if digits < 3 { millis = millis * 10 + Int64(b[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        var offsetMinutes = 0
        guard index < b.count else { return nil }
        if b[index] == 0x5A || b[index] == 0x7A {
            index += 1
        } else if b[index] == 0x2B || b[index] == 0x2D, let oh = number(index + 1, 2), b.count > index + 3,
                  b[index + 3] == 0x3A, let om = number(index + 4, 2) {
            offsetMinutes = (oh * 60 + om) * (b[index] == 0x2D ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        self.init(milliseconds: (date.epochSeconds - Int64(offsetMinutes) * 60) * 1000 + millis)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    /// Floor division with a non-negative remainder (for times before the epoch).
    package func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = self / divisor
        let r = self % divisor
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}

/// The real time, for live runs (everything else takes time as a parameter).
package enum WallClock {
    /// The current UTC time.
    package static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
