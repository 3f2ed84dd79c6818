@testable import SatwatchBase
import SatwatchJSON
import Testing

/// Every problem of a time interval reported at its line:column with an exact message.
@Suite struct TimeIntervalParsingTests {
    /// Problems of `snippet` as the one interval of `"n"`; the snippet is line 2 of the file.
    static func problems(_ snippet: String) throws -> [String] {
        let probe = try TimeIntervalProbe("{\"time_intervals\": {\"n\": [\n\(snippet)\n]}}")
        #expect(probe.intervals["n"] == nil)
        return probe.problems
    }

    @Test(arguments: [
        (#"{"weekdays": ["monday:fridya"]}"#, [#"2:23: unknown weekday "fridya" (did you mean "friday"?)"#]),
        (#"{"weekdays": ["Mondy"]}"#, [#"2:16: unknown weekday "mondy" (did you mean "monday"?)"#]),
        (#"{"weekdays": ["1"]}"#, [#"2:16: unknown weekday "1" (use sunday, monday, tuesday, wednesday, thursday, friday, saturday)"#]),
        (#"{"weekdays": ["friday:monday"]}"#,
         [#"2:16: weekday range "friday:monday" ends before it starts (weeks run sunday to saturday: use "friday:saturday" and "sunday:monday")"#]),
        (#"{"weekdays": ["saturday:sunday"]}"#,
         [#"2:16: weekday range "saturday:sunday" ends before it starts (weeks run sunday to saturday: use "saturday" and "sunday")"#]),
        (#"{"weekdays": ["monday:tuesday:friday"]}"#,
         [#"2:16: invalid weekday range "monday:tuesday:friday" (use one weekday or a range such as "monday:friday")"#]),
        (#"{"weekdays": "monday"}"#, [#"2:14: expected an array of strings, found a string"#]),
        (#"{"weekdays": []}"#, [#"2:14: "weekdays" is empty, so the interval would never match (leave it out to match any)"#]),
        (#"{"months": ["13", "janury", "december:february"]}"#, [
            #"2:14: month 13 is out of range (1 to 12)"#,
            #"2:20: unknown month "janury" (did you mean "january"?)"#,
            #"2:30: month range "december:february" ends before it starts (use "december" and "january:february")"#]),
        (#"{"days_of_month": ["0", "32", "x", "-3:5", "5:1", "20:-15", "28:-1"]}"#, [
            #"2:21: day of month 0 is out of range (1 to 31, or -31 to -1 counting back from the last day)"#,
            #"2:26: day of month 32 is out of range (1 to 31, or -31 to -1 counting back from the last day)"#,
            #"2:32: invalid day of month "x" (use 1 to 31, or -1 for the last day, -2 for the one before)"#,
            #"2:37: day range "-3:5" counts its start from the month's end, so its end must too (e.g. "-3:-1")"#,
            #"2:45: day range "5:1" ends before it starts in every month"#,
            #"2:52: day range "20:-15" ends before it starts in every month"#]),
        (#"{"years": ["2027:2026", "20x6", "2026:"]}"#, [
            #"2:13: year range "2027:2026" ends before it starts"#,
            #"2:26: invalid year "20x6" (use e.g. 2026)"#,
            #"2:39: invalid year "" (use e.g. 2026)"#]),
        (#"{"times": [{"start_time": "7:00", "end_time": "24:01"}, {"start_time": "12:00", "end_time": "12:60"}]}"#, [
            #"2:27: invalid time "7:00" (use HH:MM from 00:00 to 24:00)"#,
            #"2:47: invalid time "24:01" (use HH:MM from 00:00 to 24:00)"#,
            #"2:93: invalid time "12:60" (use HH:MM from 00:00 to 24:00)"#]),
        (#"{"times": [{"start_time": "07:00", "end_time": "07:00"}, {"start_time": "24:00", "end_time": "07:00"}]}"#, [
            #"2:48: start_time and end_time are both "07:00", so the range is empty"#,
            #"2:73: start_time 24:00 is the end of the day (use 00:00)"#]),
        (#"{"times": [{"start_time": "07:00", "end_tme": "09:00"}]}"#, [
            #"2:12: missing required key "end_time""#,
            #"2:36: unknown key "end_tme" (did you mean "end_time"?)"#]),
        (#"{"weekday": ["monday"], "locaton": "UTC"}"#, [
            #"2:2: unknown key "weekday" (did you mean "weekdays"?)"#,
            #"2:25: unknown key "locaton" (did you mean "location"?)"#]),
        (#"{"location": "Europe/Berln"}"#, [#"2:14: unknown location "Europe/Berln" (did you mean "Europe/Berlin"?)"#]),
        (#"{"location": "Eurpe/Berlin"}"#, [#"2:14: unknown location "Eurpe/Berlin" (did you mean "Europe/Berlin"?)"#]),
        (#"{"location": "europe/berlin"}"#, [#"2:14: unknown location "europe/berlin" (did you mean "Europe/Berlin"?)"#]),
        (#"{"location": "Mars/Olympus"}"#, [#"2:14: unknown location "Mars/Olympus""#]),
        (#"{"location": "../etc/passwd"}"#,
         [#"2:14: invalid location "../etc/passwd": a time zone name cannot contain ".." or empty parts"#]),
        (#"{"location": "zone.tab"}"#, [
            #"2:14: location "zone.tab" cannot be loaded: /usr/share/zoneinfo/zone.tab: not a TZif file (it does not start with "TZif")"#]),
        (#"{"location": 1}"#, [#"2:14: expected a string, found a number"#]),
        (#""night""#, [#"2:1: expected an object, found a string"#]),
    ] as [(String, [String])])
    func reportsEachProblemAtItsPlace(_ snippet: String, _ expected: [String]) throws {
        let problems = try Self.problems(snippet)
        #expect(problems == expected)
    }

    @Test(arguments: [
        (#"{"time_intervals": []}"#, [#"1:20: expected an object, found an array"#]),
        (#"{"time_intervals": {"night": {}}}"#, [#"1:30: expected an array of time intervals, found an object"#]),
        (#"{"time_intervals": {"night": []}}"#, [#"1:30: time interval "night" lists no intervals, so it would never match"#]),
        (#"{"time_intervals": {"a": [{}], "a": [{}]}}"#, [#"1:32: duplicate key "a""#]),
    ] as [(String, [String])])
    func reportsProblemsOfTheNamedList(_ text: String, _ expected: [String]) throws {
        let problems = try TimeIntervalProbe(text).problems
        #expect(problems == expected)
    }

    @Test func validIntervalsParseIntoTheirRanges() throws {
        let interval = try TimeIntervalProbe.interval(#"""
            {"times": [{"start_time": "17:00", "end_time": "24:00"}, {"start_time": "23:00", "end_time": "07:00"}],
             "weekdays": ["monday:friday", "saturday"], "days_of_month": ["1:5", "-3:-1", "1:-1"],
             "months": ["january:march", "12"], "years": ["2026:2027"], "location": "Europe/Berlin"}
            """#)
        #expect(interval.times == [TimeOfDayRange(startMinute: 1020, endMinute: 1440), TimeOfDayRange(startMinute: 1380, endMinute: 420)])
        #expect(interval.weekdays == [InclusiveRange(1, 5), InclusiveRange(6, 6)])
        #expect(interval.daysOfMonth == [InclusiveRange(1, 5), InclusiveRange(-3, -1), InclusiveRange(1, -1)])
        #expect(interval.months == [InclusiveRange(1, 3), InclusiveRange(12, 12)])
        #expect(interval.years == [InclusiveRange(2026, 2027)])
        #expect(interval.location.name == "Europe/Berlin")
    }

    /// `mute_during` / `active_during` name intervals that must exist.
    @Test(arguments: [
        (#"["night"]"#, ["night"], [String]()),
        (#"["nigth", "off"]"#, nil, [#"1:8: unknown time interval "nigth" (did you mean "night"?)"#]),
        (#"["weekend"]"#, nil, [#"1:8: unknown time interval "weekend" (time_intervals has: night, off)"#]),
        // Defined with a problem, reported where it is defined: no second error here.
        (#"["night", "broken"]"#, nil, [String]()),
        (#""night""#, nil, [#"1:7: expected an array of time interval names, found a string"#]),
    ] as [(String, [String]?, [String])])
    func checksIntervalNames(_ value: String, _ names: [String]?, _ problems: [String]) throws {
        let known = KnownTimeIntervals(valid: ["night": [TimeInterval()], "off": [TimeInterval()]], broken: ["broken"])
        let log = DiagnosticLog()
        var object = try #require(ConfigObject(try JSONParser.parse("{\"m\": \(value)}"), path: "t", log: log))
        #expect(object.timeIntervalNames("m", known: known) == names)
        #expect(log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == problems)
    }

    /// Without the zoneinfo folder (no tzdata package), a location says so once, with what to
    /// install; the rule and channel naming that interval add nothing.
    @Test func aMissingZoneinfoFolderSaysToInstallTzdataOnce() throws {
        let text = """
            {"time_intervals": {"night": [{"times": [{"start_time": "22:00", "end_time": "07:00"}], "location": "Europe/Berlin"}]},
             "channels": {"c": {"mute_during": ["night"]}}}
            """
        let log = DiagnosticLog()
        var file = try #require(ConfigObject(try JSONParser.parse(text), path: "t.json", log: log))
        let parsed = file.timeIntervals(zoneRoot: "/nonexistent/zoneinfo")
        let known = try #require(parsed)
        #expect(known.valid.isEmpty && known.broken == ["night"])
        let channelsObject = file.object("channels")
        var channels = try #require(channelsObject)
        let channelObject = channels.object("c")
        var channel = try #require(channelObject)
        #expect(channel.quietHours(known: known) == TimeIntervalSchedule(muteDuring: [], activeDuring: []))
        #expect(log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == [
            #"1:101: unknown location "Europe/Berlin": there is no time zone data (/nonexistent/zoneinfo is missing; install the tzdata package)"#])
    }

}
