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
