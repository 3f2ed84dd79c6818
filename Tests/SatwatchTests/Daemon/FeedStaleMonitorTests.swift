@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

@Suite struct FeedStaleMonitorTests {
    static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: milliseconds) }

    /// A feed that goes quiet, comes back for its steady time (zero here) and goes quiet again
    /// makes three notifications with three ids, and its sequence survives a restart through
    /// the saved state.
    @Test func eachStaleAlertEventHasAnIdOfItsOwn() throws {
        let feed = FeedConfig(kind: .mempool, staleAfter: .seconds(10))
        var monitor = FeedStaleMonitor(feeds: [feed], channels: ["log"], saved: [:], now: Self.at(0), steadyFor: .zero)
        let fired = monitor.check(at: Self.at(10_000)).changes
        let resumed = monitor.frameArrived(.mempool, at: Self.at(10_000))
        #expect(resumed)
        let resolved = monitor.check(at: Self.at(10_000)).changes
        let again = monitor.check(at: Self.at(20_000)).changes
        let notifications = (fired + resolved + again).compactMap(\.notification)
        #expect(notifications.map(\.status) == [.firing, .resolved, .firing])
        #expect(Set(notifications.map(\.id)).count == 3)
        let saved = try #require(again.last?.state)
        #expect(saved.sequence == 3)

        var restarted = FeedStaleMonitor(feeds: [feed], channels: ["log"],
                                         saved: [FeedStaleMonitor.ruleName(.mempool): saved], now: Self.at(0), steadyFor: .zero)
        #expect(restarted.staleFeeds == [.mempool])
        let resumedAfterRestart = restarted.frameArrived(.mempool, at: Self.at(0))
        #expect(resumedAfterRestart)
        let next = try #require(restarted.check(at: Self.at(0)).changes.first?.notification)
        #expect(next.status == .resolved && !notifications.map(\.id).contains(next.id))
    }

    /// The messages give the silence to the second, however many milliseconds late the check
    /// ran: `sent nothing for 30s`, not `30s1ms`.
    @Test(arguments: [(30_001, 95_250, "30s", "1m35s"), (30_999, 31_000, "30s", "31s"), (45_000, 45_500, "45s", "45s")]
          as [(Int64, Int64, String, String)])
    func messagesGiveTheSilenceToTheSecond(_ checked: Int64, _ back: Int64, _ silent: String, _ total: String) throws {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .mempool, staleAfter: .seconds(30))], channels: ["log"], saved: [:], now: Self.at(0))
        let fired = try #require(monitor.check(at: Self.at(checked)).changes.first?.notification)
        #expect(fired.message == "feed mempool has sent nothing for \(silent) (stale after 30s)")
        _ = monitor.frameArrived(.mempool, at: Self.at(back))
        for second in 1...3 { _ = monitor.frameArrived(.mempool, at: Self.at(back + Int64(second) * 20_000)) }
        let resolved = try #require(monitor.check(at: Self.at(back + 60_000)).changes.first?.notification)
        #expect(resolved.message == "feed mempool is delivering again after \(total) of silence (steady for 1m)")
        #expect(resolved.at == Self.at(back + 60_000))
    }

    /// What a feed with `stale_after: 10s` does over time, as events in seconds: `f` a frame,
    /// `c` a check (the alarm). The alert fires once and resolves only after a steady minute:
    /// a frame ends a silence but resolves nothing; a silence past `stale_after` during the
    /// steady minute starts it over, saying nothing.
    @Test(arguments: [
        // Steady from the first frame back: resolved 60 s after it, not before.
        ("c11 f20 f29 f38 f47 f56 f65 f74 c79 c80", ["11 firing", "80 resolved"]),
        // Flapping: back for a moment, silent again, back... one firing; resolved once steady.
        ("c11 f20 c31 f40 c51 f60 f69 f78 f87 f96 f105 f114 c119 c120", ["11 firing", "120 resolved"]),
        // A silence past stale_after that the alarm missed (the frame came first) starts over too.
        ("c11 f20 f45 f54 f63 f72 f81 f90 f99 c104 c105", ["11 firing", "105 resolved"]),
        // Back but silent again at the end of the minute: not resolved.
        ("c11 f20 c80", ["11 firing"]),
        // A feed that delivers within stale_after is never told.
        ("f9 f18 f27 c36", []),
    ])
    func flappingFeedsFireOnceAndResolveWhenSteady(_ events: String, _ expected: [String]) {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .kraken, staleAfter: .seconds(10))], channels: ["log"], saved: [:], now: Self.at(0))
        var told: [String] = []
        for event in events.split(separator: " ") {
            let second = Int64(event.dropFirst())!
            if event.first == "f" {
                _ = monitor.frameArrived(.kraken, at: Self.at(second * 1000))
            } else {
                told += monitor.check(at: Self.at(second * 1000)).changes.compactMap(\.notification).map { "\(second) \($0.status.rawValue)" }
            }
        }
        #expect(told == expected)
    }

    /// A feed's rules are held from the check that finds it silent to its next frame, every
    /// time, also while its alert keeps firing; the alarm is due at the next silence or the
    /// end of the steady minute, whichever comes first.
    @Test func silencesHoldTheRulesAndDeadlinesFollow() {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .kraken, staleAfter: .seconds(10))], channels: ["log"], saved: [:], now: Self.at(0))
        #expect(monitor.nextDeadline() == Self.at(10_000))
        let silentAt10 = monitor.check(at: Self.at(10_000)).silenced
        #expect(silentAt10 == [.kraken])
        #expect(monitor.nextDeadline() == nil)
        let backAt15 = monitor.frameArrived(.kraken, at: Self.at(15_000))
        #expect(backAt15)
        #expect(monitor.nextDeadline() == Self.at(25_000))
        let silentAt25 = monitor.check(at: Self.at(25_000)).silenced
        #expect(silentAt25 == [.kraken])
        let backAt26 = monitor.frameArrived(.kraken, at: Self.at(26_000))
        #expect(backAt26)
        let resumedAt31 = monitor.frameArrived(.kraken, at: Self.at(31_000))
        #expect(!resumedAt31)
        #expect(monitor.nextDeadline() == Self.at(41_000))
        for second in stride(from: 40, through: 85, by: 5) { _ = monitor.frameArrived(.kraken, at: Self.at(Int64(second) * 1000)) }
        #expect(monitor.nextDeadline() == Self.at(86_000))
        let steady = monitor.check(at: Self.at(86_000)).changes.compactMap(\.notification).map(\.status)
        #expect(steady == [.resolved])
        #expect(monitor.nextDeadline() == Self.at(95_000))
    }

    /// A feed silent for a reason (it never connected) says it in its alert and keeps it in its
    /// state for `status`; one without a known error says only that it is silent; the resolve
    /// forgets it.
    @Test(arguments: [("Could not resolve host: nowhere.invalid", "; last error: Could not resolve host: nowhere.invalid"), (nil, "")]
          as [(String?, String)])
    func theAlertNamesTheFeedsLastError(_ error: String?, _ suffix: String) throws {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .mempool, staleAfter: .seconds(30))], channels: ["log"], saved: [:], now: Self.at(0))
        let changes = monitor.check(at: Self.at(30_000), lastError: { $0 == .mempool ? error : nil }).changes
        let fired = try #require(changes.first)
        #expect(fired.notification?.message == "feed mempool has sent nothing for 30s (stale after 30s)" + suffix)
        #expect(fired.state.waiting == error.map { "last error: \($0)" })
        for second in stride(from: 31, through: 91, by: 10) { _ = monitor.frameArrived(.mempool, at: Self.at(Int64(second) * 1000)) }
        let resolved = try #require(monitor.check(at: Self.at(91_000)).changes.first)
        #expect(resolved.notification?.status == .resolved)
        #expect(resolved.state.waiting == nil)
    }
}
