@testable import SatwatchBase
import Testing

/// Offsets and wall-clock times read from the system's zoneinfo around both daylight saving
/// switches of three zones (north, west, south), in the table years and far past the last
/// transition (2040, 2100), where only the footer's TZ rule can answer.
@Suite struct TimeZoneRulesTests {
    static func at(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    @Test(arguments: [
        // Berlin 2026: 02:00 CET jumps to 03:00 CEST; 03:00 CEST falls back to 02:00 CET.
        ("Europe/Berlin", "2026-03-29T00:59:59Z", 3600, "2026-03-29 01:59:59 +01:00", "CET"),
        ("Europe/Berlin", "2026-03-29T01:00:00Z", 7200, "2026-03-29 03:00:00 +02:00", "CEST"),
        ("Europe/Berlin", "2026-10-25T00:59:59Z", 7200, "2026-10-25 02:59:59 +02:00", "CEST"),
        ("Europe/Berlin", "2026-10-25T01:00:00Z", 3600, "2026-10-25 02:00:00 +01:00", "CET"),
        ("Europe/Berlin", "2040-03-25T00:59:59Z", 3600, "2040-03-25 01:59:59 +01:00", "CET"),
        ("Europe/Berlin", "2040-03-25T01:00:00Z", 7200, "2040-03-25 03:00:00 +02:00", "CEST"),
        ("Europe/Berlin", "2040-10-28T00:59:59Z", 7200, "2040-10-28 02:59:59 +02:00", "CEST"),
        ("Europe/Berlin", "2040-10-28T01:00:00Z", 3600, "2040-10-28 02:00:00 +01:00", "CET"),
        ("Europe/Berlin", "2100-03-28T00:59:59Z", 3600, "2100-03-28 01:59:59 +01:00", "CET"),
        ("Europe/Berlin", "2100-03-28T01:00:00Z", 7200, "2100-03-28 03:00:00 +02:00", "CEST"),
        ("Europe/Berlin", "2100-10-31T00:59:59Z", 7200, "2100-10-31 02:59:59 +02:00", "CEST"),
        ("Europe/Berlin", "2100-10-31T01:00:00Z", 3600, "2100-10-31 02:00:00 +01:00", "CET"),
        // Before the first transition: local mean time (type 0); wartime double summer time.
        ("Europe/Berlin", "1800-01-01T00:00:00Z", 3208, "1800-01-01 00:53:28 +00:53", "LMT"),
        ("Europe/Berlin", "1945-05-24T12:00:00Z", 10800, "1945-05-24 15:00:00 +03:00", "CEMT"),
        // New York: 02:00 EST jumps to 03:00 EDT; 02:00 EDT falls back to 01:00 EST.
        ("America/New_York", "2026-03-08T06:59:59Z", -18000, "2026-03-08 01:59:59 -05:00", "EST"),
        ("America/New_York", "2026-03-08T07:00:00Z", -14400, "2026-03-08 03:00:00 -04:00", "EDT"),
        ("America/New_York", "2026-11-01T05:59:59Z", -14400, "2026-11-01 01:59:59 -04:00", "EDT"),
        ("America/New_York", "2026-11-01T06:00:00Z", -18000, "2026-11-01 01:00:00 -05:00", "EST"),
        ("America/New_York", "2040-03-11T06:59:59Z", -18000, "2040-03-11 01:59:59 -05:00", "EST"),
        ("America/New_York", "2040-03-11T07:00:00Z", -14400, "2040-03-11 03:00:00 -04:00", "EDT"),
        ("America/New_York", "2040-11-04T05:59:59Z", -14400, "2040-11-04 01:59:59 -04:00", "EDT"),
        ("America/New_York", "2040-11-04T06:00:00Z", -18000, "2040-11-04 01:00:00 -05:00", "EST"),
        ("America/New_York", "2100-03-14T06:59:59Z", -18000, "2100-03-14 01:59:59 -05:00", "EST"),
        ("America/New_York", "2100-03-14T07:00:00Z", -14400, "2100-03-14 03:00:00 -04:00", "EDT"),
        ("America/New_York", "2100-11-07T05:59:59Z", -14400, "2100-11-07 01:59:59 -04:00", "EDT"),
        ("America/New_York", "2100-11-07T06:00:00Z", -18000, "2100-11-07 01:00:00 -05:00", "EST"),
        // Sydney: DST spans New Year; 03:00 AEDT falls back to 02:00 AEST in April, 02:00 AEST
        // jumps to 03:00 AEDT in October.
        ("Australia/Sydney", "2026-04-04T15:59:59Z", 39600, "2026-04-05 02:59:59 +11:00", "AEDT"),
        ("Australia/Sydney", "2026-04-04T16:00:00Z", 36000, "2026-04-05 02:00:00 +10:00", "AEST"),
        ("Australia/Sydney", "2026-10-03T15:59:59Z", 36000, "2026-10-04 01:59:59 +10:00", "AEST"),
        ("Australia/Sydney", "2026-10-03T16:00:00Z", 39600, "2026-10-04 03:00:00 +11:00", "AEDT"),
        ("Australia/Sydney", "2040-03-31T15:59:59Z", 39600, "2040-04-01 02:59:59 +11:00", "AEDT"),
        ("Australia/Sydney", "2040-03-31T16:00:00Z", 36000, "2040-04-01 02:00:00 +10:00", "AEST"),
        ("Australia/Sydney", "2040-10-06T15:59:59Z", 36000, "2040-10-07 01:59:59 +10:00", "AEST"),
        ("Australia/Sydney", "2040-10-06T16:00:00Z", 39600, "2040-10-07 03:00:00 +11:00", "AEDT"),
        ("Australia/Sydney", "2100-04-03T15:59:59Z", 39600, "2100-04-04 02:59:59 +11:00", "AEDT"),
        ("Australia/Sydney", "2100-04-03T16:00:00Z", 36000, "2100-04-04 02:00:00 +10:00", "AEST"),
        ("Australia/Sydney", "2100-10-02T15:59:59Z", 36000, "2100-10-03 01:59:59 +10:00", "AEST"),
        ("Australia/Sydney", "2100-10-02T16:00:00Z", 39600, "2100-10-03 03:00:00 +11:00", "AEDT"),
        // New Year in summer: the UTC year is still 2100.
        ("Australia/Sydney", "2100-12-31T13:30:00Z", 39600, "2101-01-01 00:30:00 +11:00", "AEDT"),
        // Version 3 files: a negative rule time (Nuuk, -1 = 23:00 the day before) and 26 h
        // (Jerusalem: `M3.4.4/26`, the fourth Thursday plus 26 h = Friday 02:00).
        ("America/Nuuk", "2040-03-25T00:59:59Z", -7200, "2040-03-24 22:59:59 -02:00", "-02"),
        ("America/Nuuk", "2040-03-25T01:00:00Z", -3600, "2040-03-25 00:00:00 -01:00", "-01"),
        ("America/Nuuk", "2040-10-28T00:59:59Z", -3600, "2040-10-27 23:59:59 -01:00", "-01"),
        ("America/Nuuk", "2040-10-28T01:00:00Z", -7200, "2040-10-27 23:00:00 -02:00", "-02"),
        ("Asia/Jerusalem", "2040-03-22T23:59:59Z", 7200, "2040-03-23 01:59:59 +02:00", "IST"),
        ("Asia/Jerusalem", "2040-03-23T00:00:00Z", 10800, "2040-03-23 03:00:00 +03:00", "IDT"),
    ] as [(String, String, Int, String, String)])
    func offsetsAroundSwitches(_ zone: String, _ instant: String, _ offset: Int, _ local: String, _ abbreviation: String) throws {
        let rules = try TimeZoneRules.load(named: zone)
        #expect(rules.offset(at: Self.at(instant)) == offset)
        #expect(rules.localTime(at: Self.at(instant)).description == local)
        #expect(rules.localTimeType(at: Self.at(instant)).abbreviation == abbreviation)
    }

    /// 2040 and 2100 lie past every zone's table, so those rows test the footer rule.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Nuuk", "Asia/Jerusalem"])
    func farInstantsArePastTheTable(_ zone: String) throws {
        let rules = try TimeZoneRules.load(named: zone)
        #expect(rules.footer?.daylight != nil)
        #expect(try #require(rules.transitions.last) < Self.at("2040-01-01T00:00:00Z").milliseconds / 1000)
    }

    @Test func wallClockFields() throws {
        let local = try TimeZoneRules.load(named: "Europe/Berlin").localTime(at: Self.at("2026-03-29T01:30:15.900Z"))
        #expect([local.year, local.month, local.day, local.weekday, local.hour, local.minute, local.second]
                == [2026, 3, 29, 0, 3, 30, 15])
        #expect(local.daysInMonth == 31)
        #expect(local.minuteOfDay == 210)
        // Half a second before the epoch is still 1969 (floor, not truncation).
        #expect(TimeZoneRules.utc.localTime(at: Timestamp(milliseconds: -500)).description == "1969-12-31 23:59:59 +00:00")
    }

    @Test func utcAndFixedZones() throws {
        #expect(try TimeZoneRules.load(named: "UTC") == .utc)
        #expect(try TimeZoneRules.load(named: "Etc/GMT-14").offset(at: Self.at("2100-06-01T00:00:00Z")) == 50400)
        #expect(try TimeZoneRules.load(named: "Asia/Kolkata").offset(at: Self.at("2030-06-01T00:00:00Z")) == 19800)
        // The far future stays on the footer rule instead of overflowing.
        #expect([3600, 7200].contains(try TimeZoneRules.load(named: "Europe/Berlin").offset(at: .distantFuture)))
    }
}
