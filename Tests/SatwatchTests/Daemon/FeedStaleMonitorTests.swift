@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

@Suite struct FeedStaleMonitorTests {
    static func at(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: milliseconds) }

    /// A feed that goes quiet, comes back and goes quiet again within one millisecond (a zero
    /// `stale_after`) makes three notifications with three ids, and its sequence survives a
    /// restart through the saved state.
    @Test func eachStaleAlertEventHasAnIdOfItsOwn() throws {
        let feed = FeedConfig(kind: .mempool, staleAfter: .zero)
        var monitor = FeedStaleMonitor(feeds: [feed], channels: ["log"], saved: [:], now: Self.at(0))
        let fired = monitor.check(at: Self.at(0))
        let arrived = monitor.frameArrived(.mempool, at: Self.at(0))
        let resolved = try #require(arrived)
        let again = monitor.check(at: Self.at(0))
        let notifications = (fired + [resolved] + again).compactMap(\.notification)
        #expect(notifications.map(\.status) == [.firing, .resolved, .firing])
        #expect(Set(notifications.map(\.id)).count == 3)
        let saved = try #require(again.last?.state)
        #expect(saved.sequence == 3)

        var restarted = FeedStaleMonitor(feeds: [feed], channels: ["log"],
                                         saved: [FeedStaleMonitor.ruleName(.mempool): saved], now: Self.at(0))
        let back = restarted.frameArrived(.mempool, at: Self.at(0))
        let next = try #require(back?.notification)
        #expect(!notifications.map(\.id).contains(next.id))
    }

    /// The messages give the silence to the second, however many milliseconds late the check
    /// ran: `sent nothing for 30s`, not `30s1ms`.
    @Test(arguments: [(30_001, 95_250, "30s", "1m35s"), (30_999, 31_000, "30s", "31s"), (45_000, 45_500, "45s", "45s")]
          as [(Int64, Int64, String, String)])
    func messagesGiveTheSilenceToTheSecond(_ checked: Int64, _ back: Int64, _ silent: String, _ total: String) throws {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .mempool, staleAfter: .seconds(30))], channels: ["log"], saved: [:], now: Self.at(0))
        let fired = try #require(monitor.check(at: Self.at(checked)).first?.notification)
        #expect(fired.message == "feed mempool has sent nothing for \(silent) (stale after 30s)")
        let resolved = try #require(monitor.frameArrived(.mempool, at: Self.at(back))?.notification)
        #expect(resolved.message == "feed mempool is delivering again after \(total) of silence")
    }

    /// A feed silent for a reason (it never connected) says it in its alert and keeps it in its
    /// state for `status`; one without a known error says only that it is silent; the resolve
    /// forgets it.
    @Test(arguments: [("Could not resolve host: nowhere.invalid", "; last error: Could not resolve host: nowhere.invalid"), (nil, "")]
          as [(String?, String)])
    func theAlertNamesTheFeedsLastError(_ error: String?, _ suffix: String) throws {
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .mempool, staleAfter: .seconds(30))], channels: ["log"], saved: [:], now: Self.at(0))
        let changes = monitor.check(at: Self.at(30_000), lastError: { $0 == .mempool ? error : nil })
        let fired = try #require(changes.first)
        #expect(fired.notification?.message == "feed mempool has sent nothing for 30s (stale after 30s)" + suffix)
        #expect(fired.state.waiting == error.map { "last error: \($0)" })
        let arrived = monitor.frameArrived(.mempool, at: Self.at(31_000))
        let resolved = try #require(arrived)
        #expect(resolved.state.waiting == nil)
    }
}
