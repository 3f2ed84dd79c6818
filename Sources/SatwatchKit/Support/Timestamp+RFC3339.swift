extension Timestamp {
    /// RFC 3339 in UTC: `2025-12-10T14:02:16Z`, with `.400` milliseconds when not whole seconds.
    public var rfc3339: String {
        let (days, msOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = Self.civilDate(fromDays: days)
        let seconds = msOfDay / 1000
        let millis = msOfDay % 1000
        var text = "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))T"
        text += "\(Self.pad(seconds / 3600, 2)):\(Self.pad(seconds / 60 % 60, 2)):\(Self.pad(seconds % 60, 2))"
        if millis != 0 { text += ".\(Self.pad(millis, 3))" }
        return text + "Z"
    }

    /// Parses RFC 3339 (`2025-12-10T14:02:16Z`, `...16.046000Z`, `...16+01:00`); fractions beyond
    /// milliseconds are truncated. Nil when the text is not such a timestamp.
    public init?(rfc3339 text: String) {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var value: Int64 = 0
            for byte in b[from..<from + count] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20,
              b[13] == 0x3A, b[16] == 0x3A,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
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
        var offsetMinutes: Int64 = 0
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
        let days = Self.days(fromCivilYear: year, month: month, day: day)
        let secondsOfDay = hour * 3600 + minute * 60 + second - offsetMinutes * 60
        self.init(milliseconds: (days * 86_400 + secondsOfDay) * 1000 + millis)
    }

    /// Days since 1970-01-01 → (year, month, day), proleptic Gregorian (H. Hinnant's algorithm).
    static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// (year, month, day) → days since 1970-01-01.
    static func days(fromCivilYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    /// Floor division with a non-negative remainder (for times before the epoch).
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = self / divisor
        let r = self % divisor
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}
