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
