/// The range lists of a time interval other than `times`: how their members are spelled and
/// which ranges make sense.
enum CalendarField: CaseIterable {
    case weekdays, daysOfMonth, months, years

    /// The config key.
    var key: String {
        switch self {
        case .weekdays: "weekdays"
        case .daysOfMonth: "days_of_month"
        case .months: "months"
        case .years: "years"
        }
    }

    /// One member, in messages.
    var noun: String {
        switch self {
        case .weekdays: "weekday"
        case .daysOfMonth: "day of month"
        case .months: "month"
        case .years: "year"
        }
    }

    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                             "september", "october", "november", "december"]

    /// The number of one member (already lowercased), or what is wrong with it. Weekdays are
    /// names only, months names or 1...12, days 1...31 or -31...-1, years 1...9999.
    func member(_ text: String) -> Result<Int, RangeProblem> {
        switch self {
        case .weekdays:
            if let index = Self.weekdayNames.firstIndex(of: text) { return .success(index) }
            return .failure(RangeProblem("unknown weekday \"\(text)\"" + Self.hint(text, Self.weekdayNames)))
        case .months:
            if let index = Self.monthNames.firstIndex(of: text) { return .success(index + 1) }
            guard let number = Int(text) else {
                return .failure(RangeProblem("unknown month \"\(text)\"" + Self.hint(text, Self.monthNames)))
            }
            guard (1...12).contains(number) else { return .failure(RangeProblem("month \(number) is out of range (1 to 12)")) }
            return .success(number)
        case .daysOfMonth:
            guard let number = Int(text) else {
                return .failure(RangeProblem("invalid day of month \"\(text)\" (use 1 to 31, or -1 for the last day, -2 for the one before)"))
            }
            guard number != 0, (-31...31).contains(number) else {
                return .failure(RangeProblem("day of month \(number) is out of range (1 to 31, or -31 to -1 counting back from the last day)"))
            }
            return .success(number)
        case .years:
            guard let number = Int(text), (1...9999).contains(number) else {
                return .failure(RangeProblem("invalid year \"\(text)\" (use e.g. 2026)"))
            }
            return .success(number)
        }
    }

    /// The closest name, or the whole list when none is close.
    private static func hint(_ text: String, _ names: [String]) -> String {
        let hint = EditDistance.hint(for: text, among: names)
        return hint.isEmpty ? " (use \(names.joined(separator: ", ")))" : hint
    }
}

extension CalendarField {
    /// Parses `"monday"` or `"monday:friday"` (case-insensitive, as Alertmanager) into a range,
    /// refusing ranges that end before they start; a problem's offset points at the bad part.
    func range(_ text: String) -> Result<InclusiveRange, RangeProblem> {
        let lowered = text.lowercased()
        let parts = lowered.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else {
            return .failure(RangeProblem("invalid \(noun) range \"\(text)\" (use one \(noun) or a range such as \"\(example)\")"))
        }
        let begin: Int, end: Int
        switch member(parts[0]) {
        case .success(let value): begin = value
        case .failure(let problem): return .failure(problem)
        }
        if parts.count == 1 { return .success(InclusiveRange(begin, begin)) }
        switch member(parts[1]) {
        case .success(let value): end = value
        case .failure(let problem): return .failure(RangeProblem(problem.message, offset: parts[0].count + 1))
        }
        if let problem = orderProblem(begin, end, text) { return .failure(RangeProblem(problem)) }
        return .success(InclusiveRange(begin, end))
    }

    private var example: String {
        switch self {
        case .weekdays: "monday:friday"
        case .daysOfMonth: "1:5"
        case .months: "january:march"
        case .years: "2026:2027"
        }
    }

    /// Why `begin:end` is never a valid range, or nil.
    private func orderProblem(_ begin: Int, _ end: Int, _ text: String) -> String? {
        switch self {
        case .weekdays:
            guard begin > end else { return nil }
            let first = begin == 6 ? "saturday" : "\(Self.weekdayNames[begin]):saturday"
            let second = end == 0 ? "sunday" : "sunday:\(Self.weekdayNames[end])"
            return "weekday range \"\(text)\" ends before it starts (weeks run sunday to saturday: use \"\(first)\" and \"\(second)\")"
        case .months:
            guard begin > end else { return nil }
            let first = begin == 12 ? "december" : "\(Self.monthNames[begin - 1]):december"
            let second = end == 1 ? "january" : "january:\(Self.monthNames[end - 1])"
            return "month range \"\(text)\" ends before it starts (use \"\(first)\" and \"\(second)\")"
        case .years:
            return begin > end ? "year range \"\(text)\" ends before it starts" : nil
        case .daysOfMonth:
            if begin < 0, end > 0 {
                return "day range \"\(text)\" counts its start from the month's end, so its end must too (e.g. \"-3:-1\")"
            }
            // Months have 28 to 31 days; a range empty in all of them is a mistake.
            let matchesSomewhere = (28...31).contains { days in
                (1...days).contains { TimeInterval.day($0, of: days, isIn: InclusiveRange(begin, end)) }
            }
            return matchesSomewhere ? nil : "day range \"\(text)\" ends before it starts in every month"
        }
    }
}

/// What is wrong with one range string of a time interval, and where in it (0-based character
/// offset, so the diagnostic can point at the bad member of `"monday:fridya"`).
struct RangeProblem: Error, Equatable {
    package let message: String
    package let offset: Int

    init(_ message: String, offset: Int = 0) {
        self.message = message
        self.offset = offset
    }
}
