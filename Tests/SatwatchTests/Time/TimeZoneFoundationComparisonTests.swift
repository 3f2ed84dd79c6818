import Foundation
@testable import SatwatchBase
import Testing

/// Our reader against Foundation's `TimeZone` (ICU's copy of the tz data) for thousands of
/// instants per zone from 1970 to 2100: both must give the same offset, in the table years and
/// where only the footer rule answers.
@Suite struct TimeZoneFoundationComparisonTests {
    /// Zones whose rules have not changed for years, so that ICU's and the system's copies of
    /// the tz data agree even when one lags the other.
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "Europe/London", "America/Los_Angeles",
        "Australia/Lord_Howe", "Pacific/Auckland", "Asia/Tokyo", "Asia/Kolkata", "America/Sao_Paulo",
        "Africa/Johannesburg", "America/St_Johns", "Pacific/Chatham", "Asia/Kathmandu", "Europe/Dublin",
    ]

    @Test(arguments: zones)
    func offsetsMatchFoundation(_ zone: String) throws {
        let rules = try TimeZoneRules.load(named: zone)
        let reference = try #require(TimeZone(identifier: zone))
        let start: Int64 = 0, end: Int64 = 4_102_444_800  // 1970 ... 2100
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(zone.utf8.count)
        var mismatches: [String] = []
        for _ in 0..<4000 {
            // A fixed linear congruential sequence: the same instants every run.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = start + Int64(state >> 33) % (end - start)
            let ours = rules.offset(at: Timestamp(milliseconds: seconds * 1000))
            let theirs = reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            if ours != theirs { mismatches.append("\(Timestamp(milliseconds: seconds * 1000).rfc3339): \(ours) vs \(theirs)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Every hour across both 2100 switches (footer only), where a one-hour slip would show.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Sydney"])
    func everyHourOf2100MatchesFoundation(_ zone: String) throws {
        let rules = try TimeZoneRules.load(named: zone)
        let reference = try #require(TimeZone(identifier: zone))
        let january1: Int64 = 4_102_444_800
        var mismatches = 0
        for hour in stride(from: Int64(0), to: 366 * 24, by: 1) {
            let seconds = january1 + hour * 3600 + 1800
            let ours = rules.offset(at: Timestamp(milliseconds: seconds * 1000))
            if ours != reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
