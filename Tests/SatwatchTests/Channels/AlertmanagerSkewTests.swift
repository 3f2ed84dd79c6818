@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
import Testing

/// An Alertmanager's clock read from its `Date` header: the skew claimed is the least the answer
/// proves, its times go on that clock, and the log hears of a skew once, again when it moves
/// much, and once when it is gone.
@Suite struct AlertmanagerSkewTests {
    /// Our clock at `seconds` past a round minute (milliseconds allowed).
    static func ours(_ seconds: Double) -> Timestamp { Timestamp(milliseconds: 1_765_375_200_000 + Int64(seconds * 1000)) }
    static let minute: Int64 = 1_765_375_200

    struct EstimateCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var serverSeconds: Int64
        var sent: Double
        var answered: Double
        var skew: Int64
    }

    static let estimates: [EstimateCase] = [
        EstimateCase(testDescription: "clocks that agree", serverSeconds: minute + 10, sent: 10.2, answered: 10.4, skew: 0),
        EstimateCase(testDescription: "a date within the exchange's second", serverSeconds: minute + 10, sent: 10.9, answered: 11.3,
                     skew: 0),
        EstimateCase(testDescription: "ours ten minutes behind", serverSeconds: minute + 610, sent: 10.2, answered: 10.4,
                     skew: 599_600),
        EstimateCase(testDescription: "ours ten minutes ahead", serverSeconds: minute - 590, sent: 10.2, answered: 10.4,
                     skew: -599_201),
        EstimateCase(testDescription: "a slow exchange proves less", serverSeconds: minute + 20, sent: 10, answered: 18, skew: 2_000),
    ]

    @Test(arguments: estimates) func estimateIsTheLeastTheAnswerProves(_ row: EstimateCase) {
        let skew = ClockSkew.estimate(serverSeconds: row.serverSeconds, sent: Self.ours(row.sent), answered: Self.ours(row.answered))
        #expect(skew.milliseconds == row.skew)
    }

    @Test func aSkewIsReportedOnceAgainWhenItMovesAndWhenItIsGone() {
        var report = SkewReport()
        let seconds = { (value: Int64) in TimeSpan.seconds(value) }
        #expect(report.observe(seconds(1)) == nil)
        #expect(report.observe(seconds(4)) == nil)
        #expect(report.observe(seconds(600)) == .differs(seconds(600)))
        #expect(report.observe(seconds(601)) == nil)
        #expect(report.observe(seconds(597)) == nil)
        #expect(report.observe(seconds(660)) == .differs(seconds(660)))
        #expect(report.observe(seconds(3)) == nil, "between the thresholds: no word either way")
        #expect(report.observe(seconds(1)) == .agrees)
        #expect(report.observe(.zero) == nil)
        #expect(report.observe(seconds(-30)) == .differs(seconds(-30)))
    }

    @Test func timesGoOnAlertmanagersClock() throws {
        let channel = try #require(try ChannelConfigProbe(#"{"type": "alertmanager", "url": "http://a:9093", "resend": "1m"}"#)
            .channel as? AlertmanagerChannel)
        var group = NotificationGroup(ChannelFixtures.firing)
        group.sentAt = Timestamp(rfc3339: "2025-12-10T14:05:00Z")!
        let text = channel.payload(for: group, skew: .minutes(10)).jsonText()
        #expect(text.contains(#""startsAt":"2025-12-10T14:12:40.000Z""#), "\(text)")
        #expect(text.hasSuffix(#""endsAt":"2025-12-10T14:19:00.000Z"}]"#))
        // Measured from an answer: the next request carries it.
        channel.clocks[0].measure(serverSeconds: Timestamp(rfc3339: "2025-12-10T14:15:00Z")!.milliseconds / 1000,
                                  sent: Timestamp(rfc3339: "2025-12-10T14:05:00Z")!,
                                  answered: Timestamp(rfc3339: "2025-12-10T14:05:00.200Z")!)
        #expect(channel.request(for: group).bodyText.hasSuffix(#""endsAt":"2025-12-10T14:18:59.800Z"}]"#))
    }
}
