import Glibc
import Synchronization

/// The worker's two clocks in one: a steady timeline for everything that measures time, and the
/// wall clock for what people read and for calendar things.
///
/// `now()` is the wall time at the clock's start plus the time elapsed since on the monotonic
/// clock (`CLOCK_BOOTTIME`: it counts a suspended machine's sleep, so a `for` spanning one is not
/// stretched). It never jumps: an NTP step of the wall clock, either way, neither makes a `for`
/// fire early nor freezes a reminder, a feed's staleness or a retry. Everything the worker
/// schedules or compares (`for`, `repeat`, `stale_after`, back-off, the delivery max age, group
/// waits, rate limits) runs on it, and the state file stores it.
///
/// The wall clock is only a label and a calendar: `wall(at:)` turns a steady time into what the
/// wall clock says of that instant (what a notification shows a receiver), and `wallNow()` reads
/// it for quiet hours, silences and other times written as dates. The two differ by `offset`,
/// zero until the wall clock steps; `detectStep()` notices a step once and takes up the new offset.
package final class ProcessClock: Sendable {
    /// A wall-clock jump smaller than this is noise (a reading interrupted between the two clocks
    /// on a busy machine), not a step.
    package static let stepTolerance = TimeSpan.seconds(2)

    /// The real clocks of this process, anchored when first used (at start-up).
    package static let live = ProcessClock(wall: { WallClock.now() }, elapsed: { ProcessClock.bootTime() })

    private let wallSource: @Sendable () -> Timestamp
    private let elapsedSource: @Sendable () -> TimeSpan
    private let anchor: (wall: Timestamp, elapsed: TimeSpan)
    /// Wall time minus steady time, as of the last step noticed.
    private let acceptedOffset = Mutex(TimeSpan.zero)

    /// A clock on `wall` and a monotonic `elapsed` (any origin), anchored now.
    package init(wall: @escaping @Sendable () -> Timestamp, elapsed: @escaping @Sendable () -> TimeSpan) {
        wallSource = wall
        elapsedSource = elapsed
        anchor = (wall(), elapsed())
    }

    /// A clock whose steady and wall times are both `reading` (tests and recorded time): it never
    /// sees a step.
    package convenience init(reading: @escaping @Sendable () -> Timestamp) {
        self.init(wall: reading, elapsed: { TimeSpan(milliseconds: reading().milliseconds) })
    }

    /// The steady time: for every duration, deadline and stored time.
    package func now() -> Timestamp { steady(elapsed: elapsedSource()) }

    /// What the wall clock says now: for calendar things (quiet hours, silences' ends).
    package func wallNow() -> Timestamp { wallSource() }

    /// Wall time minus steady time, as of the last step noticed.
    package var offset: TimeSpan { acceptedOffset.withLock { $0 } }

    /// The wall clock's label for the steady time `steady`: what a receiver or a person reads.
    package func wall(at steady: Timestamp) -> Timestamp { steady + offset }

    /// The steady time at which the wall clock reads `wall` (when a quiet window ends, say).
    package func steady(atWall wall: Timestamp) -> Timestamp { wall - offset }

    /// Compares the two clocks: when the wall clock moved against the steady one by more than
    /// `stepTolerance` since the last look, takes up the new offset and returns the step (negative:
    /// back). Nil when nothing stepped, or when the reading was interrupted too long to tell.
    package func detectStep() -> TimeSpan? {
        for _ in 0..<3 {
            let before = elapsedSource()
            let wall = wallSource()
            let after = elapsedSource()
            let spread = after.milliseconds - before.milliseconds
            // Preempted between the readings: the wall time belongs to no one steady time. Try again.
            guard spread < Self.stepTolerance.milliseconds / 4 else { continue }
            let steady = steady(elapsed: TimeSpan(milliseconds: before.milliseconds + spread / 2))
            let measured = wall - steady
            return acceptedOffset.withLock { accepted -> TimeSpan? in
                let step = TimeSpan(milliseconds: measured.milliseconds - accepted.milliseconds)
                guard abs(step.milliseconds) > Self.stepTolerance.milliseconds else { return nil }
                accepted = measured
                return step
            }
        }
        return nil
    }

    private func steady(elapsed: TimeSpan) -> Timestamp {
        anchor.wall + TimeSpan(milliseconds: elapsed.milliseconds - anchor.elapsed.milliseconds)
    }

    /// `CLOCK_BOOTTIME`: monotonic, and counting a suspended machine's sleep. libfaketime leaves it
    /// real with `FAKETIME_DONT_FAKE_MONOTONIC=1`, as it does `CLOCK_MONOTONIC`.
    private static func bootTime() -> TimeSpan {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return TimeSpan(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }
}
