@testable import SatwatchBase
import SatwatchNet
@testable import SatwatchRules
import Testing

/// The POSIX TZ strings of TZif footers: parsing, every rule form, and where each switch falls.
@Suite struct PosixTimeZoneTests {
    typealias Rule = PosixTransitionRule

    @Test(arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", "CET", 3600, "CEST", 7200,
         Rule(day: .monthWeek(month: 3, week: 5, weekday: 0), time: 7200), Rule(day: .monthWeek(month: 10, week: 5, weekday: 0), time: 10800)),
        ("EST5EDT,M3.2.0,M11.1.0", "EST", -18000, "EDT", -14400,
         Rule(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7200), Rule(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7200)),
        // Without rules, DST follows the US rules (glibc and Go do the same).
        ("EST5EDT", "EST", -18000, "EDT", -14400,
         Rule(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7200), Rule(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7200)),
        ("AEST-10AEDT,M10.1.0,M4.1.0/3", "AEST", 36000, "AEDT", 39600,
         Rule(day: .monthWeek(month: 10, week: 1, weekday: 0), time: 7200), Rule(day: .monthWeek(month: 4, week: 1, weekday: 0), time: 10800)),
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "-02", -7200, "-01", -3600,
         Rule(day: .monthWeek(month: 3, week: 5, weekday: 0), time: -3600), Rule(day: .monthWeek(month: 10, week: 5, weekday: 0), time: 0)),
        ("IST-2IDT,M3.4.4/26,M10.5.0", "IST", 7200, "IDT", 10800,
         Rule(day: .monthWeek(month: 3, week: 4, weekday: 4), time: 93600), Rule(day: .monthWeek(month: 10, week: 5, weekday: 0), time: 7200)),
        ("XXX3YYY2:30,J60/2:15:30,300/+1", "XXX", -10800, "YYY", -9000,
         Rule(day: .julian(60), time: 8130), Rule(day: .zeroBased(300), time: 3600)),
        ("EST5EDT4,0/0,J365/25", "EST", -18000, "EDT", -14400, Rule(day: .zeroBased(0), time: 0), Rule(day: .julian(365), time: 90000)),
    ] as [(String, String, Int, String, Int, Rule, Rule)])
    func parsesDaylightZones(_ text: String, _ standard: String, _ standardOffset: Int, _ daylight: String,
                             _ daylightOffset: Int, _ start: Rule, _ end: Rule) throws {
        let zone = try PosixTimeZone(parsing: text)
        #expect(zone.standard == LocalTimeType(utcOffset: standardOffset, isDST: false, abbreviation: standard))
        #expect(zone.daylight?.type == LocalTimeType(utcOffset: daylightOffset, isDST: true, abbreviation: daylight))
        #expect(zone.daylight?.start == start)
        #expect(zone.daylight?.end == end)
    }

    @Test(arguments: [("<+03>-3", "+03", 10800), ("UTC0", "UTC", 0), ("<+0330>-3:30", "+0330", 12600), ("HST10", "HST", -36000),
                      ("<-00>0", "-00", 0), ("LMT+0:53:28", "LMT", -3208)] as [(String, String, Int)])
    func parsesFixedZones(_ text: String, _ name: String, _ offset: Int) throws {
        let zone = try PosixTimeZone(parsing: text)
        #expect(zone.standard == LocalTimeType(utcOffset: offset, isDST: false, abbreviation: name))
        #expect(zone.daylight == nil)
    }

    @Test(arguments: [
        ("", "expected a zone name of three or more letters at character 1"),
        ("CE-1", "expected a zone name of three or more letters at character 1"),
        ("CET", "expected an offset after \"CET\" at character 4"),
        ("CET-25", "hours 25 exceed 24 at character 7"),
        ("CET-1:60", "expected minutes or seconds 00 to 59 at character 9"),
        ("<+03-3", "expected \">\" closing the quoted name at character 7"),
        ("<+3>-3", "the name <+3> is shorter than three characters at character 5"),
        ("CET-1CEST,M13.5.0,M10.5.0", "expected a month 1 to 12 after M at character 14"),
        ("CET-1CEST,M3.6.0,M10.5.0", "expected .week 1 to 5 at character 15"),
        ("CET-1CEST,M3.5.7,M10.5.0", "expected .weekday 0 to 6 at character 17"),
        ("CET-1CEST,J0,J100", "expected a day 1 to 365 after J at character 13"),
        ("CET-1CEST,366,J100", "expected a rule (Jn, n or Mm.w.d) at character 14"),
        ("CET-1CEST,M3.5.0/168,M10.5.0", "hours 168 exceed 167 at character 21"),
        ("CET-1CEST,M3.5.0", "expected \",\" and the rule that ends daylight time at character 17"),
        ("CET-1CEST,M3.5.0,M10.5.0/3x", "unexpected text after the end rule at character 27"),
        ("EST5EDT,", "expected a rule (Jn, n or Mm.w.d) at character 9"),
        ("EST5EDT4x", "expected \",\" and the rule that starts daylight time at character 9"),
    ])
    func rejects(_ text: String, _ message: String) {
        #expect(throws: PosixTimeZoneSyntaxError.self) { try PosixTimeZone(parsing: text) }
        do {
            _ = try PosixTimeZone(parsing: text)
        } catch {
            #expect(error.message == message)
        }
    }

    /// The day of each rule form, as (year, month, day).
    @Test(arguments: [
        (Rule.Day.julian(59), 2024, [2024, 2, 28]), (.julian(60), 2024, [2024, 3, 1]), (.julian(60), 2025, [2025, 3, 1]),
        (.julian(365), 2024, [2024, 12, 31]), (.zeroBased(59), 2024, [2024, 2, 29]), (.zeroBased(59), 2025, [2025, 3, 1]),
        (.zeroBased(365), 2024, [2024, 12, 31]), (.zeroBased(0), 2025, [2025, 1, 1]),
        // The last Sunday of March, when March has five and when it has four after day 28.
        (.monthWeek(month: 3, week: 5, weekday: 0), 2026, [2026, 3, 29]), (.monthWeek(month: 3, week: 5, weekday: 0), 2024, [2024, 3, 31]),
        (.monthWeek(month: 2, week: 5, weekday: 4), 2024, [2024, 2, 29]), (.monthWeek(month: 2, week: 5, weekday: 4), 2025, [2025, 2, 27]),
        (.monthWeek(month: 11, week: 1, weekday: 0), 2026, [2026, 11, 1]), (.monthWeek(month: 3, week: 2, weekday: 0), 2026, [2026, 3, 8]),
        (.monthWeek(month: 3, week: 4, weekday: 4), 2040, [2040, 3, 22]),
    ] as [(Rule.Day, Int, [Int])])
    func ruleDays(_ day: Rule.Day, _ year: Int, _ expected: [Int]) {
        let date = CivilDate(epochSeconds: Int64(Rule(day: day, time: 0).dayNumber(in: year)) * 86_400)
        #expect([date.year, date.month, date.day] == expected)
    }

    /// `EST5EDT4,0/0,J365/25` is daylight time all year (RFC 8536 section 3.3.1), New Year included.
    @Test(arguments: ["2030-01-01T04:59:59Z", "2030-01-01T05:00:00Z", "2030-07-01T00:00:00Z", "2030-12-31T23:59:59Z", "2031-01-01T05:30:00Z"])
    func permanentDaylightTime(_ instant: String) throws {
        let zone = try PosixTimeZone(parsing: "EST5EDT4,0/0,J365/25")
        #expect(zone.localTimeType(at: Timestamp(rfc3339: instant)!.milliseconds / 1000).utcOffset == -14400)
    }
}
