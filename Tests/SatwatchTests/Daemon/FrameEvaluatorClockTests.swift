@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
@testable import SatwatchRules
import Testing

/// A feed stamps its data on the wall clock while the engine runs on the worker's steady
/// timeline: after the wall clock stepped, a price stamped "now" by the exchange is still a
/// current price, taken at the same steady instant as the frame that brought it.
@Suite struct FrameEvaluatorClockTests {
    /// The steady receive time of the frame.
    static let received = Timestamp(milliseconds: 1_765_375_380_000)

    static func evaluator(offset: TimeSpan) -> FrameEvaluator {
        let rule = Rule(name: "btc-high", condition: .above(100_000, metric: "btc.usd"))
        var evaluator = FrameEvaluator(engine: RuleEngine(rules: [rule]),
                                       feeds: [FeedConfig(kind: .coingecko, staleAfter: .minutes(5))], now: received)
        evaluator.labelOffset = offset
        return evaluator
    }

    /// A CoinGecko answer stamped `secondsBeforeWallNow` before the wall clock's reading of the
    /// receive time.
    static func frame(offset: TimeSpan, secondsBeforeWallNow: Int64) -> RecordedFrame {
        let stamped = (received + offset).milliseconds / 1000 - secondsBeforeWallNow
        return RecordedFrame(at: received, feed: .coingecko,
                             text: #"{"bitcoin":{"usd":101000,"last_updated_at":\#(stamped)}}"#)
    }

    @Test(arguments: [TimeSpan.zero, .seconds(-60), .hours(-1), .days(1)])
    func aPriceStampedNowOnTheWallClockFiresAtItsSteadyInstant(_ offset: TimeSpan) throws {
        var evaluator = Self.evaluator(offset: offset)
        let processed = evaluator.process(Self.frame(offset: offset, secondsBeforeWallNow: 10))
        #expect(processed.staleSamples == 0)
        #expect(processed.futureSamples == 0)
        let fired = try #require(processed.changes.first?.notification)
        #expect(fired.status == .firing)
        // Ten seconds before the frame on the steady timeline, whatever the wall clock says.
        guard case .samples(let samples) = processed.outcome else { Issue.record("no samples"); return }
        #expect(samples.first { $0.metric == "btc.usd" }?.at == Self.received - .seconds(10))
    }

    /// Stale and future stay measured against the wall clock: an hour-old stamp is stale after a
    /// step back as before it.
    @Test(arguments: [TimeSpan.zero, .hours(-1), .days(1)])
    func anOldStampIsStaleWhateverTheStep(_ offset: TimeSpan) {
        var evaluator = Self.evaluator(offset: offset)
        let processed = evaluator.process(Self.frame(offset: offset, secondsBeforeWallNow: 3600))
        #expect(processed.staleSamples == 1)
        #expect(processed.changes.isEmpty)
    }
}
