@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchFeeds
import Testing

/// The rule board publishes what a frame changed, rule by rule: the changed rules show their new
/// status and state, the others keep theirs, and a built-in `feed-stale:` alert is left out of the
/// statuses (`/metrics`) but listed after the rules for the API.
@Suite struct RuleStateBoardTests {
    static func sample(_ value: Double, at seconds: Int64) -> Sample {
        Sample(metric: "btc.usd", value: value, at: Timestamp(milliseconds: seconds * 1000), source: "coinbase")
    }

    @Test func aChangePublishesItsRulesOnly() {
        let rules = [
            Rule(name: "low", condition: .above(10, metric: "btc.usd")),
            Rule(name: "high", condition: .above(100, metric: "btc.usd")),
            Rule(name: "held", condition: .above(10, metric: "btc.usd"), holdFor: .minutes(5)),
        ]
        var engine = RuleEngine(rules: rules, defaultChannels: ["log"])
        let board = RuleStateBoard()
        board.publish(engine)
        board.publishOverview(engine)
        #expect(board.snapshot.map(\.status) == [.inactive, .inactive, .inactive])

        var changes = engine.ingest(Self.sample(50, at: 10))
        #expect(changes.map(\.rule) == ["low", "held"])
        changes.append(RuleChange(rule: "feed-stale:coinbase", state: RuleState(digest: "stale"), notification: nil))
        board.publish(changes)
        #expect(board.snapshot.map(\.rule) == ["low", "high", "held"])
        #expect(board.snapshot.map(\.status) == [.firing, .inactive, .pending])
        #expect(board.overview(named: "low")?.state == engine.states[0])
        #expect(board.overview(named: "held")?.state == engine.states[2])
        #expect(board.overview(named: "held")?.state.activeSince == Timestamp(milliseconds: 10_000))

        changes = engine.ingest(Self.sample(150, at: 20))
        #expect(changes.map(\.rule) == ["high"])
        board.publish(changes)
        #expect(board.snapshot.map(\.status) == [.firing, .firing, .pending])
        #expect(board.overview(named: "high")?.state == engine.states[1])
    }

    @Test func aFeedsAlertIsListedAfterTheRulesWithItsState() throws {
        let engine = RuleEngine(rules: [Rule(name: "low", condition: .above(10, metric: "btc.usd"))], defaultChannels: ["log"])
        let started = Timestamp(milliseconds: 0)
        var monitor = FeedStaleMonitor(feeds: [FeedConfig(kind: .coinbase, staleAfter: .seconds(30))], channels: ["log"],
                                       commonLabels: [Label("team", "ops")], saved: [:], now: started)
        let board = RuleStateBoard()
        board.publish(engine, feeds: monitor.overview)
        board.publishOverview(engine)
        #expect(board.overviewWithFeeds.map(\.name) == ["low", "feed-stale:coinbase"])
        #expect(board.overviewWithFeeds[1].state.status == .inactive)
        #expect(board.overviewWithFeeds[1].labels == [Label("feed", "coinbase"), Label("team", "ops")])

        let fired = monitor.check(at: started + .seconds(31)).changes
        #expect(fired.map(\.rule) == ["feed-stale:coinbase"])
        board.publish(fired)
        #expect(board.overviewWithFeeds[1].state.status == .firing)
        #expect(board.overviewWithFeeds[1].state == monitor.overview[0].state)
        #expect(board.snapshot.map(\.rule) == ["low"])
        #expect(board.overview.map(\.name) == ["low"])
    }
}
