/// A cursor over a POSIX TZ string for ``PosixTimeZone/init(parsing:)``.
struct PosixTimeZoneParser {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    func error(_ message: String) -> PosixTimeZoneSyntaxError {
        PosixTimeZoneSyntaxError(message: message + " at character \(index + 1)", offset: index)
    }

    /// True when `character` is next.
    func isNext(_ character: Character) -> Bool { index < bytes.count && bytes[index] == character.asciiValue }

    /// Consumes `character` when it is next.
    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or `<...>` with letters, digits, `+` and `-`.
    mutating func name() throws(PosixTimeZoneSyntaxError) -> String {
        let start = index
        if skip("<") {
            while index < bytes.count, isQuotedNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
            guard skip(">") else { throw error("expected \">\" closing the quoted name") }
            guard name.utf8.count >= 3 else { throw error("the name <\(name)> is shorter than three characters") }
            return name
        }
        while index < bytes.count, isLetter(bytes[index]) { index += 1 }
        guard index - start >= 3 else {
            index = start
            throw error("expected a zone name of three or more letters")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds; hours up to `maxHours`.
    mutating func time(maxHours: Int, what: String) throws(PosixTimeZoneSyntaxError) -> Int {
        let sign = skip("-") ? -1 : (skip("+") ? 1 : 1)
        guard let hours = number(maxDigits: 3) else { throw error("expected \(what)") }
        guard hours <= maxHours else { throw error("hours \(hours) exceed \(maxHours)") }
        var seconds = hours * 3600
        for unit in [60, 1] {
            guard skip(":") else { break }
            guard let value = number(maxDigits: 2), value <= 59 else { throw error("expected minutes or seconds 00 to 59") }
            seconds += value * unit
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
    mutating func rule() throws(PosixTimeZoneSyntaxError) -> PosixTransitionRule {
        let day: PosixTransitionRule.Day
        if skip("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { throw error("expected a day 1 to 365 after J") }
            day = .julian(n)
        } else if skip("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month) else { throw error("expected a month 1 to 12 after M") }
            guard skip("."), let week = number(maxDigits: 1), (1...5).contains(week) else { throw error("expected .week 1 to 5") }
            guard skip("."), let weekday = number(maxDigits: 1), (0...6).contains(weekday) else { throw error("expected .weekday 0 to 6") }
            day = .monthWeek(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { throw error("expected a rule (Jn, n or Mm.w.d)") }
            day = .zeroBased(n)
        }
        let time = skip("/") ? try self.time(maxHours: 167, what: "a time after \"/\"") : 7200
        return PosixTransitionRule(day: day, time: time)
    }

    /// Up to `maxDigits` decimal digits; nil when there are none.
    private mutating func number(maxDigits: Int) -> Int? {
        var value = 0, digits = 0
        while digits < maxDigits, index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    private func isQuotedNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D
    }
}

/// What is wrong with a POSIX TZ string, and where (0-based character offset).
struct PosixTimeZoneSyntaxError: Error, Sendable, Equatable {
    package let message: String
    package let offset: Int
}
