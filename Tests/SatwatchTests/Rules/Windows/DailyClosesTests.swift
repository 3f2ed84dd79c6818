@testable import SatwatchBase
@testable import SatwatchRules
import Testing

/// Daily closes: which value is a day's close, live samples against a feed's history, restored
/// state, capacity.
@Suite struct DailyClosesTests {
    enum Step: Sendable {
        /// A live sample `milliseconds` into UTC day `day`.
        case live(Double, day: Int64, ms: Int64 = 43_200_000)
        /// A close from a feed's history.
        case seed(Double, day: Int64)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var restoring: [DayValue] = []
        var steps: [Step]
        /// Completed closes, oldest first.
        var completed: [DayValue]
        var open: DayValue?
    }

    static func apply(_ steps: [Step], to closes: inout DailyCloses) {
        for step in steps {
            switch step {
            case .live(let value, let day, let ms): closes.record(value, at: Timestamp(milliseconds: day * 86_400_000 + ms))
            case .seed(let value, let day): closes.seed(value, day: day)
            }
        }
    }

    @Test(arguments: [
        Case(testDescription: "the last sample of a day is its close; a newer day completes it",
             steps: [.live(1, day: 100, ms: 3_600_000), .live(2, day: 100), .live(3, day: 101), .live(4, day: 101)],
             completed: [DayValue(100, 2)], open: DayValue(101, 4)),
        Case(testDescription: "the day rolls over exactly at 00:00 UTC",
             steps: [.live(1, day: 100, ms: 86_399_999), .live(2, day: 101, ms: 0)],
             completed: [DayValue(100, 1)], open: DayValue(101, 2)),
        Case(testDescription: "a sample of an older day than the open one is ignored",
             steps: [.live(1, day: 100), .live(2, day: 101), .live(9, day: 100), .live(8, day: 99)],
             completed: [DayValue(100, 1)], open: DayValue(101, 2)),
        Case(testDescription: "seeds fill the days before the first live sample",
             steps: [.seed(6, day: 99), .seed(5, day: 98), .live(1, day: 100)],
             completed: [DayValue(98, 5), DayValue(99, 6)], open: DayValue(100, 1)),
        Case(testDescription: "a seed never replaces a day closed from live samples",
             steps: [.live(1, day: 99), .live(2, day: 100), .seed(7, day: 99)],
             completed: [DayValue(99, 1)], open: DayValue(100, 2)),
        Case(testDescription: "a seed never replaces a day already seeded",
             steps: [.seed(5, day: 99), .seed(6, day: 99)], completed: [DayValue(99, 5)]),
        Case(testDescription: "a seed of the live open day or later is ignored",
             steps: [.live(1, day: 100), .seed(7, day: 100), .seed(8, day: 101)], completed: [], open: DayValue(100, 1)),
        Case(testDescription: "a seed fills a gap between live days",
             steps: [.live(1, day: 98), .live(2, day: 100), .seed(7, day: 99)],
             completed: [DayValue(98, 1), DayValue(99, 7)], open: DayValue(100, 2)),
        Case(testDescription: "a live sample of a day already completed by seeds is ignored",
             steps: [.seed(5, day: 99), .live(1, day: 99), .live(2, day: 98)], completed: [DayValue(99, 5)]),
        Case(testDescription: "non-finite values are ignored",
             steps: [.live(.nan, day: 100), .seed(.infinity, day: 99), .live(-.infinity, day: 101)], completed: []),
        Case(testDescription: "a restored open day continued by a sample of that day is a live close",
             restoring: [DayValue(99, 1), DayValue(100, 2)],
             steps: [.live(3, day: 100), .live(4, day: 101), .seed(9, day: 100)],
             completed: [DayValue(99, 1), DayValue(100, 3)], open: DayValue(101, 4)),
        Case(testDescription: "a restored open day closed by a later day is provisional: one seed replaces it",
             restoring: [DayValue(99, 1), DayValue(100, 2)],
             steps: [.live(4, day: 102), .seed(9, day: 100), .seed(10, day: 100), .seed(7, day: 99)],
             completed: [DayValue(99, 1), DayValue(100, 9)], open: DayValue(102, 4)),
        Case(testDescription: "a seed at or after a restored open day completes it first",
             restoring: [DayValue(99, 1), DayValue(100, 2)], steps: [.seed(8, day: 101), .seed(9, day: 100)],
             completed: [DayValue(99, 1), DayValue(100, 9), DayValue(101, 8)]),
        Case(testDescription: "restored seeds: the newest is completed by the first live sample",
             restoring: [DayValue(98, 5), DayValue(99, 6)], steps: [.live(1, day: 100)],
             completed: [DayValue(98, 5), DayValue(99, 6)], open: DayValue(100, 1)),
    ])
    func whichValueIsADaysClose(_ test: Case) {
        var closes = DailyCloses(restoring: test.restoring.map { ($0.day, $0.value) }, capacity: 10)
        Self.apply(test.steps, to: &closes)
        var expected = test.completed
        if let open = test.open { expected.append(open) }
        #expect(closes.closes(from: nil).map(DayValue.init) == expected)
        #expect(closes.completedCount == test.completed.count)
    }

    @Test func capacityKeepsTheNewestCompletedDays() {
        var closes = DailyCloses(capacity: 3)
        Self.apply((100...105).map { .live(Double($0), day: $0) }, to: &closes)
        #expect(closes.closes(from: nil).map(\.day) == [102, 103, 104, 105])
        closes.seed(1, day: 101)  // older than every day kept while full: dropped at once
        #expect(closes.closes(from: nil).map(\.day) == [102, 103, 104, 105])
        #expect(closes.value(.sma, days: 3) == 103)
        closes.capacity = 2
        #expect(closes.closes(from: nil).map(\.day) == [103, 104, 105])
        #expect(closes.value(.sma, days: 3) == nil)
        #expect(closes.value(.sma, days: 2) == 103.5)
        #expect(closes.oldestDay == 103)
    }

    @Test func gapsAreSkippedNotFilled() {
        var closes = DailyCloses(capacity: 10)
        Self.apply([.live(10, day: 100), .live(20, day: 101), .live(40, day: 103), .live(50, day: 104), .live(99, day: 105)],
                   to: &closes)
        #expect(closes.value(.sma, days: 4) == 30)
        #expect(closes.value(.min, days: 3) == 20)
        #expect(closes.value(.sma, days: 5) == nil)
    }
}

/// A (day, value) pair that compares.
struct DayValue: Equatable, Sendable, CustomStringConvertible {
    var day: Int64
    var value: Double
    init(_ day: Int64, _ value: Double) {
        self.day = day
        self.value = value
    }
    init(_ pair: (day: Int64, value: Double)) { self.init(pair.day, pair.value) }
    var description: String { "\(day)=\(value)" }
}
