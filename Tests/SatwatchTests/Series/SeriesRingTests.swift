@testable import SatwatchBase
@testable import SatwatchState
import Testing

/// One key's ring: minute buckets, their bounds in time, gaps, and what a flush takes.
@Suite struct SeriesRingTests {
    /// 2025-12-10T14:00:00Z as a minute.
    static let base: Int64 = 29_422_920

    static func at(_ minute: Int64, _ seconds: Double = 0) -> Timestamp {
        Timestamp(milliseconds: minute * 60_000 + Int64(seconds * 1000))
    }

    @Test(arguments: [
        (0, 0), (59_999, 0), (60_000, 1), (119_999, 1), (-1, -1), (-60_000, -1), (-60_001, -2),
        (1_765_375_320_000, 29_422_922),
    ] as [(Int64, Int64)])
    func minutesAreUTCMinuteBuckets(_ milliseconds: Int64, _ minute: Int64) {
        #expect(Timestamp(milliseconds: milliseconds).utcMinute == minute)
        #expect(Timestamp(startOfUTCMinute: minute).milliseconds <= milliseconds)
        #expect(Timestamp(startOfUTCMinute: minute + 1).milliseconds > milliseconds)
    }

    /// Samples at (minute offset, value) → the buckets (offset, last, low, high).
    @Test(arguments: [
        ([(0, 5.0)], [(0, 5.0, 5.0, 5.0)]),
        ([(0, 5), (0, 7), (0, 3), (0, 4)], [(0, 4, 3, 7)]),
        ([(0, 1), (1, 2), (2, 3)], [(0, 1, 1, 1), (1, 2, 2, 2), (2, 3, 3, 3)]),
        // A gap: nothing in minutes 1 and 2.
        ([(0, 1), (3, 4)], [(0, 1, 1, 1), (3, 4, 4, 4)]),
        // A late sample still lands in its own (older) minute, and does not become its last.
        ([(0, 1), (1, 2), (0, 9)], [(0, 9, 1, 9), (1, 2, 2, 2)]),
    ] as [([(Int64, Double)], [(Int64, Double, Double, Double)])])
    func bucketsKeepTheLastValueAndTheRange(_ samples: [(Int64, Double)], _ expected: [(Int64, Double, Double, Double)]) {
        var ring = SeriesRing(newest: Self.base)
        for (offset, value) in samples { ring.record(value, minute: Self.base + offset) }
        let buckets = ring.buckets(from: Self.base, through: Self.base + 10)
        #expect(buckets == expected.map { SeriesBucket(minute: Self.base + $0.0, value: $0.1, low: $0.2, high: $0.3) })
    }

    @Test func theRingHoldsTwentyFourHoursAndDropsWhatIsOlder() {
        var ring = SeriesRing(newest: Self.base)
        for offset in 0..<Int64(3_000) { ring.record(Double(offset), minute: Self.base + offset) }
        let all = ring.buckets(from: .min, through: .max)
        #expect(all.count == SeriesRing.capacity)
        #expect(all.first?.minute == Self.base + 3_000 - 1_440)
        #expect(all.last?.minute == Self.base + 2_999)
        #expect(all.map(\.value) == (1_560..<3_000).map(Double.init))
        // A sample from before the window is dropped; the newest minute does not move.
        let tooOld = ring.record(1, minute: Self.base + 1_559), oldestKept = ring.record(1, minute: Self.base + 1_560)
        #expect(!tooOld)
        #expect(oldestKept)
        #expect(ring.newest == Self.base + 2_999)
    }

    /// Time moving on clears the minutes it passes, whatever they held a day before.
    @Test(arguments: [1, 2, 700, 1_439, 1_440, 1_441, 100_000] as [Int64])
    func movingOnLeavesGapsNotStaleValues(_ jump: Int64) {
        var ring = SeriesRing(newest: Self.base)
        for offset in 0..<Int64(1_440) { ring.record(Double(offset), minute: Self.base + offset) }
        let newest = Self.base + 1_439 + jump
        ring.record(-1, minute: newest)
        let kept = ring.buckets(from: .min, through: .max)
        #expect(kept.last == SeriesBucket(minute: newest, value: -1))
        #expect(kept.allSatisfy { $0.minute > newest - 1_440 })
        #expect(kept.count == (jump >= 1_440 ? 1 : 1_441 - Int(jump)))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func valuesThatCannotBeDrawnAreDropped(_ value: Double) {
        var ring = SeriesRing(newest: Self.base)
        let recorded = ring.record(value, minute: Self.base + 5)
        #expect(!recorded)
        #expect(ring.newest == Self.base)
        #expect(ring.buckets(from: .min, through: .max).isEmpty)
    }

    /// Low and high are `Float`s rounded outward: they enclose the values, within 7 digits.
    @Test(arguments: [92_000.53, 0.1, 1e-9, -92_000.53, 123_456_789.123, 1e300, -1e300, 0])
    func lowAndHighEncloseTheValue(_ value: Double) {
        var ring = SeriesRing(newest: Self.base)
        ring.record(value, minute: Self.base)
        let bucket = ring.buckets(from: Self.base, through: Self.base)[0]
        #expect(bucket.value == value)
        #expect(bucket.low <= value && value <= bucket.high)
        if abs(value) < 1e30 { #expect(bucket.high - bucket.low <= abs(value) * 2.4e-7) }
    }

    @Test func takeChangedGivesWhatWasRecordedSinceOnce() {
        var ring = SeriesRing(newest: Self.base)
        ring.record(1, minute: Self.base)
        ring.record(2, minute: Self.base + 1)
        #expect(ring.takeChanged().map(\.minute) == [Self.base, Self.base + 1])
        #expect(ring.takeChanged().isEmpty)
        // The open minute again, a late one, and a new one.
        ring.record(3, minute: Self.base + 1)
        ring.record(9, minute: Self.base)
        ring.record(4, minute: Self.base + 3)
        #expect(ring.takeChanged() == [SeriesBucket(minute: Self.base, value: 9, low: 1, high: 9),
                                       SeriesBucket(minute: Self.base + 1, value: 3, low: 2, high: 3),
                                       SeriesBucket(minute: Self.base + 3, value: 4)])
        // What fell out of the window before the flush is not offered.
        ring.record(5, minute: Self.base + 10)
        ring.record(6, minute: Self.base + 10 + 1_440)
        #expect(ring.takeChanged() == [SeriesBucket(minute: Self.base + 1_450, value: 6)])
    }

    @Test func restoredMinutesFillGapsOnlyAndAreNotChanges() {
        var ring = SeriesRing(newest: Self.base + 5)
        ring.record(50, minute: Self.base + 5)
        _ = ring.takeChanged()
        ring.restore(SeriesBucket(minute: Self.base + 5, value: 1))
        ring.restore(SeriesBucket(minute: Self.base + 4, value: 4, low: 3, high: 6))
        ring.restore(SeriesBucket(minute: Self.base + 5 - 1_440, value: 7))
        #expect(ring.takeChanged().isEmpty)
        #expect(ring.buckets(from: .min, through: .max) == [SeriesBucket(minute: Self.base + 4, value: 4, low: 3, high: 6),
                                                            SeriesBucket(minute: Self.base + 5, value: 50)])
    }
}
