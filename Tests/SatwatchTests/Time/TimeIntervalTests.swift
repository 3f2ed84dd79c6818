@testable import SatwatchBase
import Testing

/// `TimeInterval.contains` as Alertmanager evaluates it: on the location's wall clock, end
/// times exclusive, negative days counted from the month's end, across DST switches.
@Suite struct TimeIntervalTests {
    static let berlin = #""location": "Europe/Berlin""#
    static let newYork = #""location": "America/New_York""#
    static let sydney = #""location": "Australia/Sydney""#

    @Test(arguments: [
        // 17:00 to the end of the day in Berlin (winter, UTC+1).
        (#"{"times": [{"start_time": "17:00", "end_time": "24:00"}], \#(berlin)}"#, "2026-01-05T15:59:59Z", false),
        (#"{"times": [{"start_time": "17:00", "end_time": "24:00"}], \#(berlin)}"#, "2026-01-05T16:00:00Z", true),
        (#"{"times": [{"start_time": "17:00", "end_time": "24:00"}], \#(berlin)}"#, "2026-01-05T22:59:59Z", true),
        (#"{"times": [{"start_time": "17:00", "end_time": "24:00"}], \#(berlin)}"#, "2026-01-05T23:00:00Z", false),
        // 02:00-03:00 does not exist on the spring-forward day ...
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-03-29T00:59:59Z", false),
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-03-29T01:00:00Z", false),
        // ... and happens twice on the fall-back day (CEST, then CET).
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-10-24T23:59:59Z", false),
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-10-25T00:00:00Z", true),
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-10-25T01:30:00Z", true),
        (#"{"times": [{"start_time": "02:00", "end_time": "03:00"}], \#(berlin)}"#, "2026-10-25T02:00:00Z", false),
        // The same in 2100, where only the footer rule knows the switches.
        (#"{"times": [{"start_time": "02:30", "end_time": "03:00"}], \#(berlin)}"#, "2100-03-28T01:30:00Z", false),
        (#"{"times": [{"start_time": "02:45", "end_time": "03:00"}], \#(berlin)}"#, "2100-10-31T00:50:00Z", true),
        (#"{"times": [{"start_time": "02:45", "end_time": "03:00"}], \#(berlin)}"#, "2100-10-31T01:50:00Z", true),
        // Nights past midnight on weekdays in New York, each instant judged by its own day.
        (#"{"times": [{"start_time": "23:00", "end_time": "07:00"}], "weekdays": ["monday:friday"], \#(newYork)}"#, "2026-03-10T03:30:00Z", true),
        (#"{"times": [{"start_time": "23:00", "end_time": "07:00"}], "weekdays": ["monday:friday"], \#(newYork)}"#, "2026-03-10T10:59:00Z", true),
        (#"{"times": [{"start_time": "23:00", "end_time": "07:00"}], "weekdays": ["monday:friday"], \#(newYork)}"#, "2026-03-10T11:00:00Z", false),
        (#"{"times": [{"start_time": "23:00", "end_time": "07:00"}], "weekdays": ["monday:friday"], \#(newYork)}"#, "2026-03-14T03:30:00Z", true),
        (#"{"times": [{"start_time": "23:00", "end_time": "07:00"}], "weekdays": ["monday:friday"], \#(newYork)}"#, "2026-03-14T10:00:00Z", false),
        // The last day of February in Sydney, in a common and a leap year.
        (#"{"days_of_month": ["-1"], \#(sydney)}"#, "2026-02-27T12:59:59Z", false),
        (#"{"days_of_month": ["-1"], \#(sydney)}"#, "2026-02-27T13:00:00Z", true),
        (#"{"days_of_month": ["-1"], \#(sydney)}"#, "2028-02-27T13:00:00Z", false),
        (#"{"days_of_month": ["-1"], \#(sydney)}"#, "2028-02-28T13:00:00Z", true),
        // Days past the month's end are skipped; negative ranges clamp to the month.
        (#"{"days_of_month": ["30:31"]}"#, "2026-02-28T12:00:00Z", false),
        (#"{"days_of_month": ["30:31"]}"#, "2026-03-30T12:00:00Z", true),
        (#"{"days_of_month": ["1:-1"]}"#, "2026-02-28T12:00:00Z", true),
        (#"{"days_of_month": ["-31:-29"]}"#, "2026-02-01T12:00:00Z", false),
        (#"{"days_of_month": ["-31:-29"]}"#, "2026-03-02T12:00:00Z", true),
        (#"{"days_of_month": ["1:5", "-3:-1"]}"#, "2026-04-28T12:00:00Z", true),
        (#"{"days_of_month": ["1:5", "-3:-1"]}"#, "2026-04-27T12:00:00Z", false),
        (#"{"months": ["january:march", "12"]}"#, "2026-02-10T00:00:00Z", true),
        (#"{"months": ["january:march", "12"]}"#, "2026-04-10T00:00:00Z", false),
        (#"{"months": ["January:March", "12"]}"#, "2026-12-31T23:59:59Z", true),
        // New Year comes an hour earlier in Berlin than in UTC.
        (#"{"years": ["2026:2027"], \#(berlin)}"#, "2025-12-31T23:00:00Z", true),
        (#"{"years": ["2026:2027"]}"#, "2025-12-31T23:00:00Z", false),
        (#"{"weekdays": ["Saturday", "sunday"], \#(sydney)}"#, "2026-04-04T16:00:00Z", true),
        (#"{"weekdays": ["Saturday", "sunday"], \#(sydney)}"#, "2026-04-05T14:00:00Z", false),
        // Without a location, UTC; without fields, always.
        (#"{"times": [{"start_time": "00:00", "end_time": "01:00"}]}"#, "2026-07-01T00:30:00Z", true),
        (#"{"times": [{"start_time": "00:00", "end_time": "01:00"}]}"#, "2026-07-01T01:00:00Z", false),
        (#"{}"#, "2026-07-01T01:00:00Z", true),
    ])
    func contains(_ json: String, _ instant: String, _ expected: Bool) throws {
        let interval = try TimeIntervalProbe.interval(json)
        #expect(interval.contains(try #require(Timestamp(rfc3339: instant))) == expected)
    }

    /// A name matches when any of its intervals does: weekday evenings or whole weekends.
    @Test(arguments: [("2026-05-06T18:00:00Z", true), ("2026-05-06T12:00:00Z", false), ("2026-05-09T12:00:00Z", true)])
    func aNameMatchesWhenAnyIntervalDoes(_ instant: String, _ expected: Bool) throws {
        let probe = try TimeIntervalProbe(#"""
            {"time_intervals": {"off": [
              {"times": [{"start_time": "19:00", "end_time": "24:00"}], "weekdays": ["monday:friday"], "location": "Europe/Berlin"},
              {"weekdays": ["saturday", "sunday"], "location": "Europe/Berlin"}]}}
            """#)
        #expect(probe.problems == [])
        #expect(try #require(probe.intervals["off"]).anyContains(try #require(Timestamp(rfc3339: instant))) == expected)
    }

    /// Every minute of a year in New York against a plain restatement of the rules.
    @Test func everyMinuteOfTheWeekAgreesWithTheWallClock() throws {
        let interval = try TimeIntervalProbe.interval(
            #"{"times": [{"start_time": "09:30", "end_time": "16:00"}], "weekdays": ["monday:friday"], \#(Self.newYork)}"#)
        let zone = try TimeZoneRules.load(named: "America/New_York")
        let start = try #require(Timestamp(rfc3339: "2026-01-01T00:00:00Z"))
        for minute in stride(from: Int64(0), to: 366 * 24 * 60, by: 7) {
            let instant = start + TimeSpan(milliseconds: minute * 60_000)
            let local = zone.localTime(at: instant)
            let open = (1...5).contains(local.weekday) && local.minuteOfDay >= 570 && local.minuteOfDay < 960
            #expect(interval.contains(instant) == open, "\(local)")
        }
    }
}
