import SatwatchJSON

/// Reads time intervals from a config file, reporting each problem at its place: a bad time,
/// an unknown weekday or month (with "did you mean"), a range that ends before it starts, a
/// location whose zoneinfo file cannot be loaded. Zones are loaded once per name.
struct TimeIntervalParser {
    /// The zoneinfo folder locations are read from.
    let zoneRoot: String
    private var zones: [String: Result<TimeZoneRules, TimeZoneError>] = [:]

    init(zoneRoot: String = "/usr/share/zoneinfo") { self.zoneRoot = zoneRoot }

    /// `{"night": [interval, ...], ...}` (the value of `time_intervals`) as named lists. A name
    /// whose list has a problem is reported and left out, and listed as broken.
    mutating func namedIntervals(_ names: inout ConfigObject) -> KnownTimeIntervals {
        var result = KnownTimeIntervals()
        for member in names.members {
            _ = names.member(member.key)  // known: `finish()` then reports only repeated names
            result.broken.insert(member.key)
            guard names.checkKeyLength(member) else { continue }
            guard let elements = member.node.array else {
                names.report(at: member.node.location, "expected an array of time intervals, found \(member.node.typeWithArticle)")
                continue
            }
            guard !elements.isEmpty else {
                names.report(at: member.node.location, "time interval \"\(member.key)\" lists no intervals, so it would never match")
                continue
            }
            let intervals = elements.compactMap { interval($0, in: names) }
            if intervals.count == elements.count {
                result.valid[member.key] = intervals
                result.broken.remove(member.key)
            }
        }
        names.finish()
        return result
    }

    /// One interval object; nil (with every problem reported) when it is invalid.
    mutating func interval(_ node: JSONNode, in file: ConfigObject) -> TimeInterval? {
        guard var object = ConfigObject(node, path: file.path, log: file.log, environment: file.environment) else { return nil }
        let problems = object.log.count
        var interval = TimeInterval()
        interval.times = times(&object)
        interval.weekdays = ranges(.weekdays, &object)
        interval.daysOfMonth = ranges(.daysOfMonth, &object)
        interval.months = ranges(.months, &object)
        interval.years = ranges(.years, &object)
        if let member = object.member("location"), let name = object.expandedString(member.node) {
            do {
                interval.location = try zone(name)
            } catch {
                object.report(at: member.node.location, error.problem(loading: name, as: "location", root: zoneRoot))
            }
        }
        object.finish()
        return object.log.count == problems ? interval : nil
    }

    private mutating func zone(_ name: String) throws(TimeZoneError) -> TimeZoneRules {
        let loaded = zones[name] ?? Result { () throws(TimeZoneError) in try TimeZoneRules.load(named: name, root: zoneRoot) }
        zones[name] = loaded
        return try loaded.get()
    }

    /// The `times` list; nil when absent or invalid.
    private func times(_ object: inout ConfigObject) -> [TimeOfDayRange]? {
        guard let elements = list("times", "an array of {\"start_time\", \"end_time\"} objects", &object) else { return nil }
        var ranges: [TimeOfDayRange] = []
        for element in elements {
            guard var range = ConfigObject(element, path: object.path, log: object.log, environment: object.environment) else { continue }
            let start = minutes("start_time", &range), end = minutes("end_time", &range)
            range.finish()
            guard let start, let end else { continue }
            if start == end {
                range.report("end_time", "start_time and end_time are both \(Self.text(start)), so the range is empty")
            } else if start == 1440 {
                range.report("start_time", "start_time 24:00 is the end of the day (use 00:00)")
            } else {
                ranges.append(TimeOfDayRange(startMinute: start, endMinute: end))
            }
        }
        return ranges.count == elements.count ? ranges : nil
    }

    private func minutes(_ key: String, _ object: inout ConfigObject) -> Int? {
        guard let text = object.string(key, required: true) else { return nil }
        guard let minutes = TimeOfDayRange.minutes(text) else {
            object.report(key, "invalid time \"\(text)\" (use HH:MM from 00:00 to 24:00)")
            return nil
        }
        return minutes
    }

    /// A weekday, day-of-month, month or year list; nil when absent or invalid.
    private func ranges(_ field: CalendarField, _ object: inout ConfigObject) -> [InclusiveRange]? {
        guard let elements = list(field.key, "an array of strings", &object) else { return nil }
        var ranges: [InclusiveRange] = []
        for element in elements {
            guard let text = object.expandedString(element) else { continue }
            switch field.range(text) {
            case .success(let range): ranges.append(range)
            case .failure(let problem): object.report(at: object.location(at: problem.offset, inStringAt: element.location), problem.message)
            }
        }
        return ranges.count == elements.count ? ranges : nil
    }

    /// The elements of the array at `key`; nil when absent, not an array or empty (reported).
    private func list(_ key: String, _ expected: String, _ object: inout ConfigObject) -> [JSONNode]? {
        guard let member = object.member(key) else { return nil }
        guard let elements = member.node.array else { return object.typeMismatch(member.node, expected: expected) }
        guard !elements.isEmpty else {
            object.report(at: member.node.location, "\"\(key)\" is empty, so the interval would never match (leave it out to match any)")
            return nil
        }
        return elements
    }

    private static func text(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        return "\"\(hours < 10 ? "0" : "")\(hours):\(rest < 10 ? "0" : "")\(rest)\""
    }
}
