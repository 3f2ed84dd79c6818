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
}
