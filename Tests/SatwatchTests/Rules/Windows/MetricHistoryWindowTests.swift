@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// Windows shorter than a day over the recent points, read as a step function.
@Suite struct MetricHistoryWindowTests {
    /// 10 at 0 s, 20 at 10 s, 40 at 40 s, 30 at 50 s.
    static var history: MetricHistory {
        var history = MetricHistory(retention: .hours(1))
        for (value, seconds) in [(10.0, 0), (20, 10), (40, 40), (30, 50)] as [(Double, Int64)] {
            history.record(value, at: Timestamp(milliseconds: seconds * 1000))
        }
        return history
    }

    @Test(arguments: [
        // (0, 60]: 10 for 10 s, 20 for 30 s, 40 for 10 s, 30 for 10 s.
        (WindowFunction.sma, 60, 60, 1_400.0 / 60),
        (.max, 60, 60, 40),
        (.min, 60, 60, 10),
        // (30, 60]: 20 holds at 30 s (set at 10 s): 20 for 10 s, 40 for 10 s, 30 for 10 s.
        (.sma, 30, 60, 30),
        (.max, 30, 60, 40),
        (.min, 30, 60, 20),
        // (10, 40]: a point exactly at the start holds from it; the point at 40 s is in, lasting 0 s.
        (.sma, 30, 40, 20),
        (.max, 30, 40, 40),
        // (15, 45]: points after `at` are ignored.
        (.sma, 30, 45, 700.0 / 30),
        (.max, 30, 45, 40),
        // (10, 70]: the last value holds until `at`.
        (.sma, 60, 70, 1_600.0 / 60),
        // History does not reach back to the window's start.
        (.sma, 61, 60, nil),
        (.ema, 61, 60, nil),
        (.max, 60, 55, nil),
        (.sma, 0, 60, nil),
        // τ = 30 s from 10 at 0 s: 20 + (10 − 20)·e^(−30/30) at 40 s, then 40 for 10 s and 30
        // for 10 s (each e^(−10/30)); computed separately (Python, math.exp).
        (.ema, 60, 60, 25.008214696710432),
        // τ = 15 s, from 20 at 30 s: 40 + (20 − 40)·e^(−10/15) at 50 s, then 30 for 10 s.
        (.ema, 30, 60, 29.862228428011385),
    ] as [(WindowFunction, Int64, Int64, Double?)])
    func windowValue(_ function: WindowFunction, _ span: Int64, _ at: Int64, _ expected: Double?) {
        let value = Self.history.value(function, span: .seconds(span), at: Timestamp(milliseconds: at * 1000))
        if let expected, let value {
            #expect(abs(value - expected) < 1e-12 * abs(expected))
        } else {
            #expect(value == expected)
        }
    }

    /// A step from 0 to 1 five seconds into a 1 h window: the EMA keeps about e⁻² of the old
    /// value (τ = 30 min, 3,595 s of 1), the time-weighted mean 5/3,600 of it.
    @Test func aStepNearTheWindowsStart() {
        var history = MetricHistory(retention: .hours(2))
        history.record(0, at: Timestamp(milliseconds: 0))
        history.record(1, at: Timestamp(milliseconds: 10_000))
        let at = Timestamp(milliseconds: 3_605_000)
        let ema = history.value(.ema, span: .hours(1), at: at) ?? .nan
        #expect(abs(ema - 0.8642882628104123) < 1e-12)
        #expect(abs((history.value(.sma, span: .hours(1), at: at) ?? .nan) - 3_595.0 / 3_600) < 1e-12)
        #expect(history.value(.min, span: .hours(1), at: at) == 0)  // 0 held at the window's start
        #expect(history.value(.max, span: .hours(1), at: at) == 1)
    }
}
