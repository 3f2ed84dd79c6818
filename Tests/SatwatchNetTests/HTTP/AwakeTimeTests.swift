import Testing
@testable import SatwatchNet

/// A transfer's timeout counts the time its process ran: gaps between curl's progress calls
/// (about one a second) count up to two seconds each, the rest of a longer gap was a stop.
@Suite struct AwakeTimeTests {
    @Test(arguments: [
        // (gaps between ticks in ms, awake ms, stopped ms)
        ([Int64](), 0, 0),
        ([1_000, 1_000, 1_000], 3_000, 0),
        ([300, 1_000, 2_000], 3_300, 0),
        ([1_000, 10_000, 1_000], 4_000, 8_000),
        ([2_001], 2_000, 1),
        ([60_000], 2_000, 58_000),
        ([500, 30_000, 30_000, 500], 5_000, 56_000),
    ] as [([Int64], Int64, Int64)])
    func gapsPastTwoSecondsAreStops(_ gaps: [Int64], _ awake: Int64, _ stopped: Int64) {
        let start = ContinuousClock.now
        var time = AwakeTime(startingAt: start)
        var now = start
        for gap in gaps {
            now += .milliseconds(gap)
            time.tick(at: now)
        }
        #expect(time.awake == .milliseconds(awake))
        #expect(time.stopped == .milliseconds(stopped))
    }

    /// A tick that seems to go back (it cannot on a monotonic clock) counts nothing.
    @Test func aTickBeforeTheLastCountsNothing() {
        let start = ContinuousClock.now
        var time = AwakeTime(startingAt: start)
        time.tick(at: start - .seconds(1))
        #expect(time.awake == .zero && time.stopped == .zero)
    }

    /// The watch times a transfer out once its awake time reaches the limit, however long the
    /// process was stopped before, and reports it as curl's timeout.
    @Test func theWatchCountsOnlyAwakeTime() {
        let start = ContinuousClock.now
        let watch = TransferWatch(flag: CancellationFlag(), limit: .seconds(5), start: start)
        #expect(!watch.shouldAbort(at: start + .seconds(1)))
        #expect(!watch.shouldAbort(at: start + .seconds(61)))  // a minute stopped: 2 s counted
        #expect(!watch.shouldAbort(at: start + .seconds(62)))  // 4 s awake
        #expect(watch.shouldAbort(at: start + .seconds(63)))   // 5 s awake
        #expect(watch.timedOut)
    }

    @Test func aCancelledTransferIsAbortedButNotTimedOut() {
        let flag = CancellationFlag()
        let watch = TransferWatch(flag: flag, limit: .seconds(5))
        flag.raise()
        #expect(watch.shouldAbort(at: .now))
        #expect(!watch.timedOut)
    }
}
