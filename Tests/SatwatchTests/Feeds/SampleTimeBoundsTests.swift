@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// A feed's claimed sample times, bounded by the receive time (seconds relative to it) and a
/// `stale_after` of 5 minutes.
@Suite struct SampleTimeBoundsTests {
    static let received = Timestamp(milliseconds: 1_765_375_320_000)
    static let bounds = SampleTimeBounds(staleAfter: .minutes(5))

    static func sample(_ seconds: Int64, dailyClose: Bool = false) -> Sample {
        Sample(metric: "btc.usd", value: 1, at: received + .seconds(seconds), source: "coingecko", isDailyClose: dailyClose)
    }

    /// (claimed time in seconds from receipt, taken at (nil: left out), counted future, counted stale).
    @Test(arguments: [
        (0, 0, 0, 0),
        (-60, -60, 0, 0),
        (-300, -300, 0, 0),  // exactly stale_after old: still current
        (-301, nil, 0, 1),
        (-365 * 86_400, nil, 0, 1),
        (5, 0, 0, 0),  // a clock a little ahead: taken now, not counted
        (120, 0, 0, 0),  // at the tolerance
        (121, 0, 1, 0),
        (10 * 365 * 86_400, 0, 1, 0),
    ] as [(Int64, Int64?, Int, Int)])
    func oneSample(claimed: Int64, takenAt: Int64?, future: Int, stale: Int) {
        let bounded = Self.bounds.bound([Self.sample(claimed)], receivedAt: Self.received)
        #expect(bounded.samples.map(\.at) == [takenAt].compactMap { $0 }.map { Self.received + .seconds($0) })
        #expect(bounded.future == future && bounded.stale == stale)
        #expect(bounded.isOnlyStale == (stale == 1))
    }

    @Test func dailyClosesAreHistoryAndPassAsTheyAre() {
        let close = Self.sample(-2 * 86_400, dailyClose: true)
        let bounded = Self.bounds.bound([close, Self.sample(-400)], receivedAt: Self.received)
        #expect(bounded.samples == [close])
        #expect(bounded.stale == 1)
        // Only history is left: the frame said nothing current.
        #expect(bounded.isOnlyStale)
    }

    @Test func aFrameWithOneCurrentSampleIsNotOnlyStale() {
        let bounded = Self.bounds.bound([Self.sample(-400), Self.sample(-10)], receivedAt: Self.received)
        #expect(bounded.samples.count == 1 && bounded.stale == 1 && !bounded.isOnlyStale)
        #expect(!Self.bounds.bound([], receivedAt: Self.received).isOnlyStale)
    }
}
