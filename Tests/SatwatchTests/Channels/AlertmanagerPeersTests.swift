@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The alertmanager channel as one of an HA pair's senders: `urls` (a queue per peer), `resend`
/// (an `endsAt` 4 × resend after each telling), and what is told again; the config's top-level
/// `labels` on every alert.
@Suite struct AlertmanagerPeersTests {
    @Test func eachPeerIsAQueueOfItsOwn() throws {
        let channel = try #require(try ChannelConfigProbe(
            #"{"type": "alertmanager", "urls": ["http://a.example:9093", "http://b.example:9093/sub"], "resend": "30s"}"#).channel)
        #expect(channel.queues.map(\.name) == ["c#1", "c#2"])
        #expect(channel.queues.map(\.summary) == ["alertmanager a.example:9093", "alertmanager b.example:9093"])
        #expect(channel.summary == "alertmanager a.example:9093, b.example:9093")
        let peers = channel.queues.compactMap { $0 as? AlertmanagerChannel }
        #expect(peers.map { $0.request(for: ChannelFixtures.firing).url }
                == ["http://a.example:9093/api/v2/alerts", "http://b.example:9093/sub/api/v2/alerts"])
        #expect(peers.allSatisfy { $0.resendEvery == .seconds(30) })
        // One Alertmanager is its own queue, under the channel's name.
        let lone = try #require(try ChannelConfigProbe(#"{"type": "alertmanager", "url": "http://a.example:9093"}"#).channel)
        #expect(lone.queues.map(\.name) == ["c"])
        #expect((lone as? AlertmanagerChannel)?.resendEvery == .minutes(1))
    }

    @Test(arguments: [
        (#""url": "http://a:9093", "urls": ["http://b:9093"]"#, #"1:58: give "url" or "urls", not both"#),
        (#""urls": []"#, #"1:34: "urls" takes 1 to 16 URLs"#),
        (#""urls": ["http://a:9093", "ftp://b"]"#, #"1:52: expected an http:// or https:// URL with a host"#),
        (#""url": "http://a:9093", "resend": "500ms""#, #"1:60: "resend" must be from 1s to 1h"#),
    ])
    func badSettingsAreReportedInPlace(_ keys: String, _ problem: String) throws {
        let probe = try ChannelConfigProbe(#"{"type": "alertmanager", \#(keys)}"#)
        #expect(probe.problems == [problem])
    }

    /// A firing alert sent at `sentAt` ends 4 × resend later; unknown send time: no `endsAt`
    /// (Alertmanager's resolve_timeout then applies); a resolved one ends when it cleared.
    @Test func endsAtFollowsTheTelling() throws {
        let channel = try #require(try ChannelConfigProbe(#"{"type": "alertmanager", "url": "http://a:9093", "resend": "1m"}"#)
            .channel as? AlertmanagerChannel)
        var group = NotificationGroup(ChannelFixtures.firing)
        #expect(!channel.payload(for: group).jsonText().contains("endsAt"))
        group.sentAt = Timestamp(rfc3339: "2025-12-10T14:05:00Z")!
        #expect(channel.payload(for: group).jsonText().hasSuffix(#""endsAt":"2025-12-10T14:09:00.000Z"}]"#))
        var resolved = NotificationGroup(ChannelFixtures.resolved)
        resolved.sentAt = Timestamp(rfc3339: "2025-12-10T16:00:00Z")!
        #expect(channel.payload(for: resolved).jsonText().hasSuffix(#""endsAt":"2025-12-10T15:10:00.000Z"}]"#))
    }

    /// The outbox id of an entry queued for `am#1` (fails the test when there is none).
    private static func entryID(_ ids: [String: Int64]) throws -> Int64 {
        try #require(ids["am#1"])
    }

    /// What is told again: each alert's newest entry on the queue, when it was sent and fires, or
    /// resolved recently; an alert whose newest entry is pending (its queue tells it) or was kept
    /// is not.
    @Test func latestHeardIsEachAlertsNewestSentState() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        typealias F = StateFixtures
        func queue(_ id: String, rule: String, _ status: SatwatchRules.Notification.Status, at: Int64) throws -> Int64 {
            try Self.entryID(F.enqueue(F.notification(id, rule: rule, status: status, at: at, channels: ["am#1"]), in: store, at: at))
        }
        try store.outbox.markSent(id: try queue("f1", rule: "firing", .firing, at: 1_000), at: F.at(1_100))
        try store.outbox.markSent(id: try queue("r1", rule: "old-resolve", .firing, at: 1_000), at: F.at(1_100))
        try store.outbox.markSent(id: try queue("r2", rule: "old-resolve", .resolved, at: 2_000), at: F.at(2_100))
        try store.outbox.markSent(id: try queue("n1", rule: "new-resolve", .firing, at: 1_000), at: F.at(1_100))
        try store.outbox.markSent(id: try queue("n2", rule: "new-resolve", .resolved, at: 9_000), at: F.at(9_100))
        try store.outbox.markSent(id: try queue("p1", rule: "pending", .firing, at: 1_000), at: F.at(1_100))
        _ = try queue("p2", rule: "pending", .resolved, at: 9_500)
        _ = try store.outbox.markKept(id: try queue("s1", rule: "silenced", .firing, at: 1_000), as: .silenced, at: F.at(1_100), reason: "s")
        let heard = try store.outbox.latestHeard(channel: "am#1", resolvedSince: F.at(5_000))
        #expect(heard.map(\.notification.id) == ["f1", "n2"])
        #expect(try store.outbox.latestHeard(channel: "am#2", resolvedSince: F.at(0)).isEmpty)
    }

    /// The config's `labels` go on every notification; a rule's own label of the same name wins.
    @Test func commonLabelsGoOnEveryNotificationAndRuleLabelsWin() {
        let rule = Rule(name: "r", condition: .above(10, metric: "fee.fastest"), labels: [Label("severity", "page")])
        var engine = RuleEngine(rules: [rule], defaultChannels: ["log"],
                                commonLabels: [Label("team", "ops"), Label("severity", "ticket")])
        let fired = engine.ingest(Sample(metric: "fee.fastest", value: 12, at: .epoch + .seconds(1), source: "mempool"))
        #expect(fired.first?.notification?.labels == [Label("severity", "page"), Label("team", "ops")])
    }

    @Test(arguments: [
        (#""labels": {"team": "ops"}"#, [String]()),
        (#""labels": {"2team": "ops"}"#, [#"1:42: invalid label name "2team" (letters, digits and "_", not starting with a digit; did you mean "_2team"?)"#]),
        (#""labels": {"team": ""}"#, [#"1:50: label "team" must not be empty (receivers drop empty labels)"#]),
    ])
    func topLevelLabelsAreChecked(_ keys: String, _ problems: [String]) throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("satwatch.json").path
        try #"{"rules": [], "channels": {}, \#(keys)}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        _ = ConfigLoader.load(path: path, environment: ConfigEnvironment([:]), logger: Logger(level: .error, sink: { _ in }), log: log)
        #expect(log.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == problems)
    }
}
