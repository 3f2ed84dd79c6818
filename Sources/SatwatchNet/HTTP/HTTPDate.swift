import SatwatchBase

/// Parses an HTTP-date (RFC 9110 §5.6.7) into Unix epoch seconds.
///
/// Senders must use IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), but recipients are required to
/// accept the two obsolete forms as well: RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
/// (`Sun Nov  6 08:49:37 1994`). The weekday is not cross-checked: a wrong weekday says nothing
/// useful about when to retry.
enum HTTPDate {
    static func epochSeconds(parsing text: String) -> Int64? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "\t" })
        guard tokens.count >= 5, tokens[0].allSatisfy(\.isLetter) else { return nil }
        let day: Int?, month: Int?, year: Int?, time: Substring
        if let asctimeMonth = monthNumber(tokens[1]) {
            // asctime: weekday month day time year
            guard tokens.count == 5 else { return nil }
            (month, day, time, year) = (asctimeMonth, number(tokens[2]), tokens[3], number(tokens[4]))
        } else {
            // IMF-fixdate / RFC 850: weekday day month year time GMT
            guard tokens.count == 6, tokens[5] == "GMT" else { return nil }
            (day, month, time) = (number(tokens[1]), monthNumber(tokens[2]), tokens[4])
            year = number(tokens[3]).map { tokens[3].count == 2 ? twoDigitYear($0) : $0 }
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map(number)
        guard let day, let month, let year, clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2] else { return nil }
        let date = CivilDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return date.isValid ? date.epochSeconds : nil
    }

    /// RFC 850 years: a two-digit year is read as the most recent matching century. Fixed at
    /// 2000-2069 / 1970-1999, which is right for any date a server sends today.
    private static func twoDigitYear(_ year: Int) -> Int {
        year < 70 ? 2000 + year : 1900 + year
    }

    private static func monthNumber(_ token: Substring) -> Int? {
        CivilDate.monthNames.firstIndex { $0 == token }.map { $0 + 1 }
    }

    private static func number(_ token: Substring) -> Int? {
        guard !token.isEmpty, token.count <= 4, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber)
        else { return nil }
        return Int(token)
    }
}
