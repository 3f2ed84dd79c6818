@testable import SatwatchBase
import Testing

/// `mute_during` holds while a named interval contains the instant; `active_during` holds
/// while none does; both together mute in either case.
@Suite struct TimeIntervalScheduleTests {
    static let intervals: [String: [TimeInterval]] = {
        var night = TimeInterval(), office = TimeInterval()
        night.times = [TimeOfDayRange(startMinute: 22 * 60, endMinute: 7 * 60)]
        office.times = [TimeOfDayRange(startMinute: 9 * 60, endMinute: 17 * 60)]
        office.weekdays = [InclusiveRange(1, 5)]
        return ["night": [night], "office": [office]]
    }()

    @Test(arguments: [
        ([], [], "2026-05-06T23:00:00Z", false),
        (["night"], [], "2026-05-06T23:00:00Z", true),
        (["night"], [], "2026-05-06T12:00:00Z", false),
        ([], ["office"], "2026-05-06T12:00:00Z", false),  // Wednesday noon UTC
        ([], ["office"], "2026-05-06T18:00:00Z", true),
        ([], ["office"], "2026-05-09T12:00:00Z", true),   // Saturday
        (["night"], ["office"], "2026-05-06T23:00:00Z", true),
        (["missing"], [], "2026-05-06T23:00:00Z", false),
        ([], ["missing"], "2026-05-06T12:00:00Z", true),
    ] as [([String], [String], String, Bool)])
    func muted(_ mute: [String], _ active: [String], _ instant: String, _ expected: Bool) throws {
        let schedule = TimeIntervalSchedule(muteDuring: mute, activeDuring: active)
        #expect(schedule.isMuted(at: try #require(Timestamp(rfc3339: instant)), in: Self.intervals) == expected)
    }
}
