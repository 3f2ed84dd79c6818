@testable import SatwatchBase
@testable import SatwatchRules
import Testing

@Suite struct RuleEngineTests {
    static func sample(_ metric: String, _ value: Double, at seconds: Int64, source: String = "mempool") -> Sample {
        Sample(metric: metric, value: value, at: Timestamp(milliseconds: seconds * 1000), source: source)
    }

    @Test func forElapsesOnTimeAndReportsTheDeadline() {
        let rule = Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30))
        var engine = RuleEngine(rules: [rule], defaultChannels: ["log"])
        #expect(engine.ingest(Self.sample("btc.usd", 101, at: 10)).map(\.state.status) == [.pending])
        #expect(engine.nextDeadline() == Timestamp(milliseconds: 40_000))
        #expect(engine.advance(to: Timestamp(milliseconds: 39_999)).isEmpty)
        let fired = engine.advance(to: Timestamp(milliseconds: 60_000))
        #expect(fired.count == 1)
        #expect(fired.first?.notification?.at == Timestamp(milliseconds: 40_000))
        #expect(fired.first?.notification?.channels == ["log"])
        #expect(engine.nextDeadline() == nil)
    }

    /// Rule time is the samples' own from the first one on, before 1970 too (a replay's
    /// `--start`): the engine's clock starts before any time, not at the epoch.
    @Test(arguments: [-2_208_988_800, -60, 0, 1_765_375_320] as [Int64])
    func timeBeforeTheEpochIsKept(start: Int64) {
        let rule = Rule(name: "r", condition: .above(100, metric: "btc.usd"), holdFor: .seconds(30))
        var engine = RuleEngine(rules: [rule])
        #expect(engine.ingest(Self.sample("btc.usd", 101, at: start)).map(\.state.activeSince) == [Timestamp(milliseconds: start * 1000)])
        let fired = engine.advance(to: Timestamp(milliseconds: (start + 40) * 1000)).compactMap(\.notification)
        #expect(fired.map(\.at) == [Timestamp(milliseconds: (start + 30) * 1000)])
    }

    @Test func staleDataNeitherFiresNorResolves() {
        let rule = Rule(name: "r", condition: .above(10, metric: "fee.fastest"), holdFor: .seconds(30), repeatEvery: .minutes(5))
        var engine = RuleEngine(rules: [rule])
        _ = engine.ingest(Self.sample("fee.fastest", 11, at: 0))
        engine.setFeed("mempool", stale: true)
        #expect(engine.nextDeadline() == nil)
        #expect(engine.advance(to: Timestamp(milliseconds: 3_600_000)).isEmpty)
        #expect(engine.states[0].status == .pending)
        engine.setFeed("mempool", stale: false)
        #expect(engine.advance(to: Timestamp(milliseconds: 3_600_000)).isEmpty)
        let changes = engine.ingest(Self.sample("fee.fastest", 12, at: 3_600))
        #expect(changes.compactMap(\.notification).map(\.status) == [.firing])
        #expect(changes.first?.notification?.at == Timestamp(milliseconds: 3_600_000))
    }

    @Test func overdueRemindersCollapseIntoOne() {
        let rule = Rule(name: "r", condition: .above(100, metric: "btc.usd"), repeatEvery: .minutes(1))
        var engine = RuleEngine(rules: [rule])
        _ = engine.ingest(Self.sample("btc.usd", 101, at: 0))
        let reminders = engine.advance(to: Timestamp(milliseconds: 3_600_000)).compactMap(\.notification)
        #expect(reminders.count == 1)
        #expect(reminders.first?.isReminder == true)
        #expect(reminders.first?.at == Timestamp(milliseconds: 3_600_000))
    }

    @Test func sourcePinsOneFeed() {
        let rule = Rule(name: "r", source: "kraken", condition: .above(100, metric: "btc.usd"))
        var engine = RuleEngine(rules: [rule])
        #expect(engine.ingest(Self.sample("btc.usd", 200, at: 0, source: "coinbase")).isEmpty)
        #expect(engine.ingest(Self.sample("btc.usd", 200, at: 1, source: "kraken")).count == 1)
    }

    @Test func changeComparesWithTheValueWithinAgo() {
        let rule = Rule(name: "drop", condition: .change(percent: -5, within: .hours(1), metric: "btc.usd"))
        var engine = RuleEngine(rules: [rule])
        // No history an hour back yet: nothing to compare.
        #expect(engine.ingest(Self.sample("btc.usd", 100, at: 0)).isEmpty)
        #expect(engine.ingest(Self.sample("btc.usd", 90, at: 1800)).isEmpty)
        // At 1h the reference is the value at 0s (100): 94 is -6 %.
        let fired = engine.ingest(Self.sample("btc.usd", 94, at: 3600)).compactMap(\.notification)
        #expect(fired.map(\.status) == [.firing])
        #expect(abs(fired[0].value - -6) < 1e-9)
        #expect(fired[0].threshold == -5)
        // At 1h30m the reference is the value at 30m (90): 94 is +4.4 %: resolved.
        #expect(engine.ingest(Self.sample("btc.usd", 94, at: 5400)).compactMap(\.notification).map(\.status) == [.resolved])
    }

    @Test func restoredStateResumesOnlyWhenTheDefinitionIsUnchanged() {
        let rule = Rule(name: "r", condition: .above(100, metric: "btc.usd"))
        var first = RuleEngine(rules: [rule])
        _ = first.ingest(Self.sample("btc.usd", 101, at: 0))
        let saved = ["r": first.states[0]]
        var resumed = RuleEngine(rules: [rule], restoring: saved)
        #expect(resumed.ingest(Self.sample("btc.usd", 102, at: 10)).isEmpty)
        let changed = Rule(name: "r", condition: .above(200, metric: "btc.usd"))
        var fresh = RuleEngine(rules: [changed], restoring: saved)
        #expect(fresh.states[0].status == .inactive)
        #expect(fresh.ingest(Self.sample("btc.usd", 150, at: 10)).isEmpty)
    }

    @Test func messagesRenderTemplatesAndDefaults() {
        let template = try! MessageTemplate(parsing: "{{name}}: {{metric}} {{status}} at {{value}} vs {{threshold}} since {{since}}")
        let rules = [
            Rule(name: "t", condition: .above(100000, metric: "btc.usd"), message: template),
            Rule(name: "d", condition: .above(100000, metric: "btc.usd")),
        ]
        var engine = RuleEngine(rules: rules)
        let messages = engine.ingest(Self.sample("btc.usd", 100500.5, at: 0)).compactMap(\.notification?.message)
        #expect(messages == ["t: btc.usd firing at 100,500.5 vs 100,000 since 1970-01-01 00:00 UTC",
                             "btc.usd is 100,500.5, above 100,000"])
    }

    /// After a wall-clock step the engine keeps its steady time; `{{since}}` names the wall time.
    @Test(arguments: [(TimeSpan.zero, "1970-01-01 00:00 UTC"), (.hours(-1), "1969-12-31 23:00 UTC"),
                      (.days(1), "1970-01-02 00:00 UTC")])
    func sinceIsWrittenOnTheWallClock(_ offset: TimeSpan, _ since: String) {
        let rule = Rule(name: "t", condition: .above(100000, metric: "btc.usd"), message: try! MessageTemplate(parsing: "since {{since}}"))
        var engine = RuleEngine(rules: [rule])
        engine.labelOffset = offset
        let change = engine.ingest(Self.sample("btc.usd", 100500.5, at: 10)).first
        #expect(change?.notification?.message == "since \(since)")
        // The notification's own times stay on the engine's clock; channels label them.
        #expect(change?.notification?.startsAt == Timestamp(milliseconds: 10_000))
    }

    @Test func notificationIdsAreStable() {
        let a = Notification(rule: "r", status: .firing, metric: "m", value: 1, threshold: 0, at: .epoch, startsAt: .epoch, message: "x", channels: [])
        let b = Notification(rule: "r", status: .firing, metric: "m", value: 2, threshold: 0, at: .epoch, startsAt: .epoch, message: "y", channels: ["c"])
        let c = Notification(rule: "r", status: .resolved, metric: "m", value: 1, threshold: 0, at: .epoch, startsAt: .epoch, message: "x", channels: [])
        #expect(a.id == b.id)
        #expect(a.id != c.id)
        #expect(a.id.count == 16)
    }
}

extension RuleEngineTests {
    /// After a reload the new engine takes over the old one's `change` history, so a drop that
    /// started before the reload is still seen.
    @Test func aReloadedEngineKeepsChangeHistory() {
        let drop = Rule(name: "drop", condition: .change(percent: -5, within: .hours(1), metric: "btc.usd"))
        var before = RuleEngine(rules: [drop])
        _ = before.ingest(Self.sample("btc.usd", 100, at: 0))
        _ = before.ingest(Self.sample("btc.usd", 99, at: 1800))
        let renamed = Rule(name: "drop-renamed", condition: .change(percent: -5, within: .hours(1), metric: "btc.usd"))
        var after = RuleEngine(rules: [renamed, Rule(name: "level", condition: .above(1, metric: "fee.fastest"))])
        #expect(after.ingest(Self.sample("btc.usd", 90, at: 3600)).isEmpty, "without history nothing can be compared")
        var adopted = RuleEngine(rules: [renamed])
        adopted.adopt(before.historySnapshot)
        #expect(adopted.ingest(Self.sample("btc.usd", 90, at: 3600)).compactMap(\.notification).map(\.status) == [.firing])
    }
}
