@testable import SatwatchBase
import SatwatchTestSupport
import Testing

/// The doorbell's promises: a ring wakes the waiter (or the next wait), a wait without one lasts
/// its own timeout however the bell's one timer was set by earlier waits, and cancellation ends
/// a wait. Upper bounds are far from the timeouts they tell apart (a loaded machine is slow,
/// never early); lower bounds are the timeouts themselves. A ring or a cancellation meant for a
/// wait in progress comes once the bell has a waiter, not after a pause.
@Suite struct DoorbellTests {
    let clock = ContinuousClock()

    @Test func aRingWakesTheWaiterAndIsRememberedWhenNobodyWaits() async throws {
        let bell = Doorbell()
        bell.ring()
        var start = clock.now
        // 20 s was seen once while three builds and an e2e run shared the two cores.
        await bell.wait(for: .seconds(180))
        #expect(clock.now - start < .seconds(60), "a ring before waiting returns at once")
        start = clock.now
        async let waited: Void = bell.wait(for: .seconds(180))
        try #require(try await Eventually.wait { bell.isWaiting })
        bell.ring()
        await waited
        #expect(clock.now - start < .seconds(60))
        start = clock.now
        await bell.wait(for: TimeSpan(milliseconds: 200))
        #expect(clock.now - start >= .milliseconds(190), "without a ring it waits for the timeout")
    }

    /// The timer stays set for an earlier wait's end (300 ms) when a longer wait follows: it
    /// fires then and must be set again, not end the longer wait early.
    @Test func aLongerWaitAfterAShorterOneLastsItsOwnTime() async throws {
        let bell = Doorbell()
        async let first: Void = bell.wait(for: TimeSpan(milliseconds: 300))
        try #require(try await Eventually.wait { bell.isWaiting })
        bell.ring()
        await first
        let start = clock.now
        await bell.wait(for: TimeSpan(milliseconds: 1_000))
        #expect(clock.now - start >= .milliseconds(990))
    }

    /// A wait that ends before the time the timer is set for (a minute, for a wait that was rung)
    /// sets it sooner.
    @Test func aShorterWaitAfterALongerOneSetsTheTimerSooner() async throws {
        let bell = Doorbell()
        async let first: Void = bell.wait(for: .seconds(60))
        try #require(try await Eventually.wait { bell.isWaiting })
        bell.ring()
        await first
        let start = clock.now
        await bell.wait(for: TimeSpan(milliseconds: 200))
        let waited = clock.now - start
        #expect(waited >= .milliseconds(190))
        #expect(waited < .seconds(30), "woken by its own time, not the earlier wait's minute")
    }

    @Test func cancellingTheWaiterEndsItsWait() async throws {
        let bell = Doorbell()
        let start = clock.now
        let waiter = Task { await bell.wait(for: .seconds(120)) }
        try #require(try await Eventually.wait { bell.isWaiting })
        waiter.cancel()
        await waiter.value
        #expect(clock.now - start < .seconds(60))
    }
}
