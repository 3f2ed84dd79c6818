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

    /// One alert's story on the channel `am` (a lone Alertmanager, later a cluster of peers
    /// `am#1`, `am#2`) and what its receivers are told again: per step, a notification and what
    /// became of it on each queue (nil: still pending).
    struct HeardCase: Sendable, CustomTestStringConvertible {
        typealias Step = (id: String, status: SatwatchRules.Notification.Status, at: Int64, queues: [(String, OutboxState?)])
        var testDescription: String
        var steps: [Step]
        /// The alerts the worker evaluates.
        var alerts: Set<String> = ["rule"]
        /// Whether the rule's saved state fires after the steps.
        var stillFires = true
        /// The notification told again, if any.
        var told: String?
    }

    static let heardCases: [HeardCase] = [
        HeardCase(testDescription: "a firing alert that was sent", steps: [("f", .firing, 1_000, [("am#1", .sent)])], told: "f"),
        HeardCase(testDescription: "a resolve sent before resolvedSince is told no more",
                  steps: [("f", .firing, 1_000, [("am#1", .sent)]), ("r", .resolved, 2_000, [("am#1", .sent)])], told: nil),
        HeardCase(testDescription: "a recent resolve", steps: [("f", .firing, 1_000, [("am#1", .sent)]),
                                                           ("r", .resolved, 9_000, [("am#1", .sent)])], told: "r"),
        HeardCase(testDescription: "a reminder that waits leaves the firing told",
                  steps: [("f", .firing, 1_000, [("am#1", .sent)]), ("again", .firing, 8_000, [("am#1", nil)])], told: "f"),
        HeardCase(testDescription: "a resolve that waits leaves the firing told until it goes",
                  steps: [("f", .firing, 1_000, [("am#1", .sent)]), ("r", .resolved, 9_000, [("am#1", nil)])], told: "f"),
        HeardCase(testDescription: "nothing sent yet", steps: [("f", .firing, 1_000, [("am#1", nil)])], told: nil),
        HeardCase(testDescription: "a silenced firing", steps: [("f", .firing, 1_000, [("am#1", .silenced)])], told: nil),
        HeardCase(testDescription: "a reminder silenced after the firing went out leaves the firing told",
                  steps: [("f", .firing, 1_000, [("am#1", .sent)]), ("again", .firing, 8_000, [("am#1", .silenced)])], told: "f"),
        HeardCase(testDescription: "a resolve that died on every peer leaves nothing told once the alert no longer fires",
                  steps: [("f", .firing, 1_000, [("am#1", .sent)]), ("r", .resolved, 9_000, [("am#1", .dead)])],
                  stillFires: false, told: nil),
        HeardCase(testDescription: "a firing whose rule is gone", steps: [("f", .firing, 1_000, [("am#1", .sent)])],
                  alerts: ["other"], told: nil),
        HeardCase(testDescription: "a firing whose rule started fresh", steps: [("f", .firing, 1_000, [("am#1", .sent)])],
                  stillFires: false, told: nil),
        HeardCase(testDescription: "a firing told before the channel had peers",
                  steps: [("f", .firing, 1_000, [("am", .sent)])], told: "f"),
        HeardCase(testDescription: "a firing one peer rejected and another took",
                  steps: [("f", .firing, 1_000, [("am#1", .sent), ("am#2", .dead)])], told: "f"),
        HeardCase(testDescription: "a firing told on another channel", steps: [("f", .firing, 1_000, [("hook", .sent)])], told: nil),
    ]

    /// What is told again, to every queue of the channel alike: per alert, the newest
    /// notification a queue of the channel sent, when it fires and the worker still fires it,
    /// or it resolved at or after `resolvedSince`.
    @Test(arguments: heardCases)
    func latestHeardIsWhatTheReceiversLastHeard(_ story: HeardCase) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        typealias F = StateFixtures
        for step in story.steps {
            let ids = try F.enqueue(F.notification(step.id, rule: "rule", status: step.status, at: step.at, channels: step.queues.map(\.0)),
                                    in: store, at: step.at)
            for (queue, outcome) in step.queues {
                let id = try #require(ids[queue])
                switch outcome {
                case nil: break
                case .sent?: try store.outbox.markSent(id: id, at: F.at(step.at + 100))
                case .dead?: try store.outbox.markDead(id: id, at: F.at(step.at + 100), reason: "HTTP 400")
                case let kept?: _ = try store.outbox.markKept(id: id, as: kept, at: F.at(step.at + 100), reason: "kept")
                }
            }
        }
        if !story.stillFires { try store.ruleStates.save(["rule": RuleState(digest: "changed")], at: F.at(9_500)) }
        let heard = try store.outbox.latestHeard(queues: QueueNames.family(of: "am"), resolvedSince: F.at(5_000), alerts: story.alerts)
        #expect(heard.map(\.notification.id) == (story.told.map { [$0] } ?? []))
        #expect(try store.outbox.latestHeard(queues: QueueNames.family(of: "other"), resolvedSince: F.at(0), alerts: nil).isEmpty)
    }

    /// Each alert is told on its own, oldest first.
    @Test func latestHeardTellsEachAlertOldestFirst() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        typealias F = StateFixtures
        for (id, rule, at) in [("b1", "b", 1_000), ("a1", "a", 2_000), ("b2", "b", 3_000)] as [(String, String, Int64)] {
            for entry in try F.enqueue(F.notification(id, rule: rule, at: at, channels: ["am"]), in: store, at: at).values {
                try store.outbox.markSent(id: entry, at: F.at(at))
            }
        }
        #expect(try store.outbox.latestHeard(queues: ["am"], resolvedSince: F.at(0), alerts: nil).map(\.notification.id) == ["a1", "b2"])
    }

    /// A queue's name and its channel's family: `am`, `am#1` … `am#16`.
    @Test(arguments: [
        ("am", "am", true), ("am#1", "am", true), ("am#16", "am", true), ("am#17", "am", false), ("am#01", "am", false),
        ("am#", "am", false), ("amx", "am", false), ("am#2", "am#2", true), ("am#1", "am#2", false), ("am", "am#1", false),
    ])
    func queueNamesBelongToTheirChannel(_ queue: String, _ channel: String, _ belongs: Bool) {
        #expect(QueueNames.isQueue(queue, of: channel) == belongs)
        #expect(QueueNames.family(of: channel).contains(queue) == belongs)
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
