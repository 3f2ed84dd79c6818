@testable import SatwatchBase
import Testing

@Suite struct TimeTests {
    @Test(arguments: [
        ("500ms", 500), ("30s", 30_000), ("5m", 300_000), ("2h", 7_200_000), ("1d", 86_400_000),
        ("1h30m", 5_400_000), ("2m30s", 150_000), ("1s500ms", 1_500), ("0s", 0), ("1w", 604_800_000),
    ] as [(String, Int64)])
    func validDurations(_ text: String, _ milliseconds: Int64) {
        #expect(TimeSpan(parsing: text)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["", "5", "m", "-5m", "1.5h", "5 m", "30m1h", "1h1h", "5min", "1hour", "99999999999d"])
    func invalidDurations(_ text: String) {
        #expect(TimeSpan(parsing: text) == nil)
    }

    @Test(arguments: [(5_400_000, "1h30m"), (500, "500ms"), (0, "0s"), (90_061_001, "1d1h1m1s1ms")] as [(Int64, String)])
    func durationText(_ milliseconds: Int64, _ text: String) {
        #expect(TimeSpan(milliseconds: milliseconds).text == text)
    }

    @Test(arguments: [
        ("2025-12-10T14:02:00Z", 1_765_375_320_000), ("2025-12-10T14:02:00.046000Z", 1_765_375_320_046),
        ("2025-12-10T15:02:00+01:00", 1_765_375_320_000), ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T23:59:59.999Z", 1_709_251_199_999),
    ] as [(String, Int64)])
    func rfc3339Parsing(_ text: String, _ milliseconds: Int64) {
        #expect(Timestamp(rfc3339: text)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["2025-12-10", "2025-13-10T00:00:00Z", "2025-02-29T00:00:00Z", "2025-04-31T12:00:00Z", "2025-12-10T14:02:00", "2025-12-10T14:02:00.Z", "x"])
    func rfc3339Rejects(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test(arguments: [(1_765_375_320_000, "2025-12-10T14:02:00.000Z"), (1_765_375_456_400, "2025-12-10T14:04:16.400Z"),
                      (-1, "1969-12-31T23:59:59.999Z")] as [(Int64, String)])
    func rfc3339Formatting(_ milliseconds: Int64, _ text: String) {
        #expect(Timestamp(milliseconds: milliseconds).rfc3339 == text)
    }

    /// Every time is written at one width, so text order is time order: a whole second sorts
    /// before the same second and a bit (`…:16Z` sorted after `…:16.400Z`).
    @Test func textOrderIsTimeOrder() {
        let times: [Int64] = [1_765_375_456_000, 1_765_375_456_400, 1_765_375_456_999, 1_765_375_457_000, 1_765_375_457_001]
        let texts = times.map { Timestamp(milliseconds: $0).rfc3339 }
        #expect(texts == texts.sorted())
        #expect(Set(texts.map(\.utf8.count)) == [24])
    }

    @Test(arguments: [(100000.0, "100000"), (92284.61, "92284.61"), (1.632577087050128, "1.6325771"),
                      (2.704, "2.704"), (-5.2345678912, "-5.2345679"), (0.000123456789, "0.00012345679"), (0, "0")])
    func displayNumbers(_ value: Double, _ text: String) {
        #expect(DisplayNumber.format(value) == text)
    }
}
