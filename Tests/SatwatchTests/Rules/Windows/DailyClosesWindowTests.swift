@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// Window functions over daily closes: arithmetic, half-filled windows, memoisation, and the
/// persistence hooks.
@Suite struct DailyClosesWindowTests {
    /// Completed closes `values` on consecutive days from day 100, and an open day after them
    /// with a value no window may read.
    static func closes(_ values: [Double], capacity: Int = 10) -> DailyCloses {
        var closes = DailyCloses(capacity: capacity)
        for (offset, value) in values.enumerated() { closes.record(value, at: Timestamp(startOfUTCDay: 100 + Int64(offset))) }
        closes.record(1_000, at: Timestamp(startOfUTCDay: 100 + Int64(values.count)))
        return closes
    }

    @Test(arguments: [
        ([10, 30, 20, 40], WindowFunction.sma, 1, 40),
        ([10, 30, 20, 40], .sma, 2, 30),
        ([10, 30, 20, 40], .sma, 4, 25),
        ([10, 30, 20, 40], .sma, 5, nil),  // half-filled: never computed
        ([10, 30, 20, 40], .sma, 0, nil),
        ([10, 30, 20, 40], .max, 3, 40),
        ([40, 30, 20, 10], .max, 3, 30),
        ([10, 30, 20, 40], .min, 2, 20),
        ([10, 30, 20, 40], .min, 4, 10),
        ([10, 30, 20, 40], .min, 5, nil),
        ([10, 30, 20, 40], .ema, 4, 25),  // exactly N closes: the SMA
        ([10, 30, 20, 40], .ema, 3, 30),  // seed mean(10, 30, 20) = 20, α = 1/2: 40 → 30
        ([10, 30, 20, 40], .ema, 5, nil),
        // N = 2, α = 2/3 over the last 2N = 4 closes (2 is too old): seed mean(4, 8) = 6;
        // 16 → 32/3 + 2 = 38/3; 32 → 64/3 + 38/9 = 230/9.
        ([2, 4, 8, 16, 32], .ema, 2, 230.0 / 9),
        // N = 3, α = 1/2, six closes: seed mean(1, 2, 3) = 2; 4 → 3; 5 → 4; 6 → 5.
        ([1, 2, 3, 4, 5, 6], .ema, 3, 5),
    ] as [([Double], WindowFunction, Int, Double?)])
    func windowValue(_ values: [Double], _ function: WindowFunction, _ days: Int, _ expected: Double?) {
        let value = Self.closes(values).value(function, days: days)
        if let expected, let value {
            #expect(abs(value - expected) < 1e-9 * abs(expected))
        } else {
            #expect(value == expected)
        }
    }

    @Test func valuesAreMemoisedUntilTheCompletedClosesChange() {
        var closes = Self.closes([10, 20, 30])
        let box = closes.memo
        #expect(closes.value(.sma, days: 3) == 20)
        #expect(closes.value(.sma, days: 3) == 20)
        #expect(closes.value(.max, days: 2) == 30)
        #expect(box.count == 2)
        #expect(closes.value(.sma, days: 4) == nil)  // not enough closes: not memoised
        #expect(box.count == 2)

        closes.record(2_000, at: Timestamp(startOfUTCDay: 103) + .hours(5))  // the open day moves: same closes
        #expect(closes.memo === box)
        closes.capacity = 20  // nothing dropped
        #expect(closes.memo === box)

        let before = closes
        closes.record(40, at: Timestamp(startOfUTCDay: 104))  // day 103 completes with 2000
        #expect(closes.memo !== box)
        #expect(closes.value(.sma, days: 3) == (20 + 30 + 2_000.0) / 3)
        #expect(before.value(.sma, days: 3) == 20)  // a copy keeps its own closes and memo

        let afterDay = closes.memo
        #expect(closes.value(.min, days: 5) == nil)
        closes.seed(15, day: 99)
        #expect(closes.memo !== afterDay)
        #expect(closes.value(.min, days: 5) == 10)
        #expect(closes.value(.sma, days: 5) == (15 + 10 + 20 + 30 + 2_000.0) / 5)

        let afterSeed = closes.memo
        closes.capacity = 2
        #expect(closes.memo !== afterSeed)
        #expect(closes.value(.min, days: 3) == nil)
    }

    @Test func closesForTheStateFileAndBack() {
        var closes = Self.closes([10, 20, 30])  // days 100...102, open 103
        #expect(closes.closes(from: nil).map(DayValue.init) == [DayValue(100, 10), DayValue(101, 20), DayValue(102, 30),
                                                                 DayValue(103, 1_000)])
        #expect(closes.closes(from: 102).map(\.day) == [102, 103])
        #expect(closes.closes(from: 200).map(\.day) == [103])  // the open day always comes last
        #expect(closes.unsavedCloses.map(\.day) == [100, 101, 102, 103])
        closes.markSaved()
        #expect(closes.unsavedCloses.map(\.day) == [103])
        closes.seed(5, day: 98)
        #expect(closes.unsavedCloses.map(\.day) == [98, 100, 101, 102, 103])
        #expect(closes.oldestDay == 98)

        let restored = DailyCloses(restoring: closes.closes(from: nil), capacity: 10)
        #expect(restored.closes(from: nil).map(DayValue.init) == closes.closes(from: nil).map(DayValue.init))
        #expect(restored.completedCount == 4)
        #expect(restored.value(.sma, days: 4) == closes.value(.sma, days: 4))
        #expect(restored.unsavedCloses.map(\.day) == [103])

        let messy = DailyCloses(restoring: [(101, 1), (100, 2), (101, 3), (99, .nan)], capacity: 10)
        #expect(messy.closes(from: nil).map(DayValue.init) == [DayValue(100, 2), DayValue(101, 3)])
        #expect(messy.completedCount == 1)
        #expect(DailyCloses(restoring: [], capacity: 10).closes(from: nil).isEmpty)
    }
}
