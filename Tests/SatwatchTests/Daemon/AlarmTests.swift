@testable import SatwatchApp
import SatwatchBase
import SatwatchTestSupport
import Testing

/// The evaluator's alarm: it goes off at the armed time, an earlier time wins over the one it
/// waits for, and a later time or a disarm (which wake nothing) is taken up when it wakes.
/// Each test ends on a firing it waits for, so what must not happen is proven absent by the
/// time that firing came at, not by a pause.
@Suite struct AlarmTests {
    /// Runs an alarm, arms it through `arm` (given the time the test began), and returns how
    /// long after that the first firing came.
    private func firstFiring(_ arm: @Sendable (Alarm, Timestamp) async throws -> Void) async throws -> Duration {
        let alarm = Alarm()
        let (firings, fired) = AsyncStream.makeStream(of: ContinuousClock.Instant.self)
        let running = Task { await alarm.run { fired.yield(ContinuousClock.now) } }
        defer { running.cancel() }
        let start = ContinuousClock.now
        try await arm(alarm, WallClock.now())
        var iterator = firings.makeAsyncIterator()
        let first = await iterator.next()!
        return first - start
    }

    @Test func anEarlierTimeWakesTheAlarmBeforeTheOneItWaitsFor() async throws {
        let after = try await firstFiring { alarm, now in
            alarm.schedule(now + .seconds(120))
            alarm.schedule(now + TimeSpan(milliseconds: 200))
        }
        #expect(after >= .milliseconds(190))
        #expect(after < .seconds(60), "not the two minutes it was first armed for")
    }

    @Test func aLaterTimeReplacesTheOneItWaitsFor() async throws {
        let after = try await firstFiring { alarm, now in
            alarm.schedule(now + TimeSpan(milliseconds: 200))
            alarm.schedule(now + TimeSpan(milliseconds: 600))
        }
        #expect(after >= .milliseconds(590), "the 200 ms it first waited for is no longer armed")
    }

    @Test func aDisarmedTimeDoesNotGoOff() async throws {
        let after = try await firstFiring { alarm, now in
            alarm.schedule(now + TimeSpan(milliseconds: 200))
            alarm.schedule(nil)
            alarm.schedule(now + TimeSpan(milliseconds: 500))
        }
        #expect(after >= .milliseconds(490))
    }

    /// Armed while the alarm's task waits (it has looked at the time already): the earlier time
    /// must still ring it awake.
    @Test func anEarlierTimeArmedWhileItWaitsWakesIt() async throws {
        let after = try await firstFiring { alarm, now in
            alarm.schedule(now + .seconds(120))
            try #require(try await Eventually.wait { alarm.waitingUntil == now + .seconds(120) })
            alarm.schedule(now + TimeSpan(milliseconds: 300))
        }
        #expect(after >= .milliseconds(290))
        #expect(after < .seconds(60))
    }
}
