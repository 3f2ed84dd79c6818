import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchJSON
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// Grouping through the dispatcher, against a real HTTP receiver and a real state file: a burst
/// goes out as one payload, a failed group is retried with the same members and id, the
/// channel's next group waits `interval`, a burst larger than a group goes out back to back, and
/// stages still judge each member.
@Suite struct GroupingDispatchTests {
    typealias Harness = DispatcherTests.Harness

    /// Commits `count` firing notifications of rules `r<first>`… at once, as one frame would.
    static func burst(_ harness: Harness, _ count: Int, first: Int = 0) throws {
        let now = WallClock.now()
        let changes = (first..<first + count).map { index in
            RuleChange(rule: "r\(index)", state: RuleState(digest: "d"),
                       notification: SatwatchRules.Notification(rule: "r\(index)", status: .firing, metric: "fee.fastest", value: 12,
                                                              threshold: 10, at: now, startsAt: now, message: "m", channels: ["hook"]))
        }
        try harness.store.commit(changes, at: now)
    }

    /// The rule names of each request's alerts.
    static func alertnames(_ endpoint: HTTPPeer.Endpoint) throws -> [[String]] {
        try endpoint.requests().map { request in
            let body = try JSONParser.parse(request.body)
            return body["alerts"]?.array?.compactMap { $0["labels"]?["alertname"]?.string } ?? []
        }
    }

    static func notificationIDs(_ endpoint: HTTPPeer.Endpoint) throws -> [String] {
        try endpoint.requests().compactMap { try JSONParser.parse($0.body)["notificationId"]?.string }
    }

    static func allSent(_ harness: Harness) throws -> Bool {
        try harness.store.outbox.entries(states: [.pending, .dead], limit: 10).isEmpty
    }

    @Test func aBurstGoesOutAsOnePayload() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint], keys: #", "group": {"wait": "300ms", "interval": "1h"}"#)
        try Self.burst(harness, 30)
        try await DispatcherTests.run(harness.dispatcher()) { try Self.allSent(harness) }
        #expect(try Self.alertnames(endpoint) == [(0..<30).map { "r\($0)" }])
        let sent = try harness.store.outbox.entries(states: [.sent], limit: 100)
        #expect(Set(sent.compactMap(\.batch)).count == 1 && sent.allSatisfy { $0.batch != nil })
    }

    @Test func aFailedGroupIsRetriedWithItsMembersAndIdAndLaterOnesWaitTheInterval() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([HTTPPeer.Reply(status: 503)])
        let harness = try Harness(["hook": endpoint], keys: #", "group": {"wait": "200ms", "interval": "5s"}"#)
        let queued = Date()
        try Self.burst(harness, 3)
        let dispatcher = try harness.dispatcher()
        let task = Task { await dispatcher.run() }
        defer { task.cancel() }
        // Queued once the first attempt failed: not part of that group, whose retry follows.
        let deadline = Date().addingTimeInterval(60)
        while try endpoint.requests().isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        try Self.burst(harness, 2, first: 3)
        while try endpoint.requests().count < 3, Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        let thirdSeen = Date()
        while try !Self.allSent(harness), Date() < deadline { try await Task.sleep(for: .milliseconds(25)) }
        #expect(try Self.alertnames(endpoint) == [["r0", "r1", "r2"], ["r0", "r1", "r2"], ["r3", "r4"]])
        let ids = try Self.notificationIDs(endpoint)
        #expect(ids[0] == ids[1] && ids[1] != ids[2])
        // The next group comes `interval` (5 s) after the one before it formed, which was after
        // the first burst was queued: so it is seen at least 5 s after that, however loaded the
        // machine. Without the interval it would come 200 ms (`wait`) after the second burst.
        #expect(thirdSeen.timeIntervalSince(queued) >= 4.9)
        // And not the worker's 30 s idle wait: the second burst is queued by another connection,
        // which rings no bell, sometimes after the worker's last pass; the dispatcher's look for
        // such entries must find it (it missed it when its first look came after the burst).
        #expect(thirdSeen.timeIntervalSince(queued) < 20)
    }

    @Test func aBurstLargerThanAGroupGoesOutBackToBack() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint], keys: #", "group": {"wait": "0s", "interval": "1h"}"#)
        let count = GroupStage.maxMembers + 200
        try Self.burst(harness, count)
        try await DispatcherTests.run(harness.dispatcher()) { try Self.allSent(harness) }
        let groups = try Self.alertnames(endpoint)
        #expect(groups.map(\.count) == [GroupStage.maxMembers, 200], "not an hour apart")
        #expect(groups.flatMap { $0 } == (0..<count).map { "r\($0)" })
    }

    @Test func stagesJudgeEachMember() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([])
        let harness = try Harness(["hook": endpoint], keys: #", "group": {"wait": "200ms"}"#)
        let now = WallClock.now()
        try harness.store.silences.add(Silence(id: "s1", matchers: [.rule("r1")], startsAt: now, endsAt: now + .hours(1), comment: "",
                                      author: "ops", createdAt: now))
        try Self.burst(harness, 3)
        try await DispatcherTests.run(harness.dispatcher()) { try Self.allSent(harness) }
        #expect(try Self.alertnames(endpoint) == [["r0", "r2"]])
        #expect(try harness.store.outbox.entries(states: [.silenced], limit: 10).map(\.notification.rule) == ["r1"])
    }

    /// When a group may form: `wait` after its head was queued, and `interval` after the last
    /// group unless that one left a burst behind.
    @Test(arguments: [
        (nil, 10_000, "wait after the head"),
        ((at: 5_000, full: false), 65_000, "interval after the last group"),
        ((at: 5_000, full: true), 10_000, "a burst's next part does not wait the interval"),
        ((at: -100_000, full: false), 10_000, "an interval long past"),
    ] as [((at: Int64, full: Bool)?, Int64, String)])
    func dueTimes(_ last: (at: Int64, full: Bool)?, _ due: Int64, _ label: String) {
        let stage = GroupStage(timings: ["hook": GroupTiming(wait: .seconds(10), interval: .minutes(1))])
        if let last { stage.didForm(on: "hook", at: Timestamp(milliseconds: last.at), full: last.full) }
        let head = OutboxEntry(id: 1, notification: GroupMessageTests.members(1)[0], channel: "hook", state: .pending, attempts: 0,
                               nextAttemptAt: .epoch, createdAt: .epoch, updatedAt: .epoch, lastError: nil)
        #expect(stage.due(head, channel: "hook", timing: stage.timing(for: "hook")!) == Timestamp(milliseconds: due), "\(label)")
    }

    /// The dispatcher reads as many due entries as one message may carry: a group's worth on a
    /// grouping channel, one on any other.
    @Test func aMessageCarriesOneEntryUnlessTheChannelGroups() {
        let stage = GroupStage(timings: ["team": GroupTiming(wait: .seconds(10), interval: .minutes(1))])
        #expect(stage.messageLimit(on: "team") == GroupStage.maxMembers)
        #expect(stage.messageLimit(on: "hook") == 1)
    }

    @Test(arguments: [
        (#""group": {"wait": "soon"}"#, #"invalid duration "soon""#),
        (#""group": {"wiat": "1s"}"#, #"unknown key "wiat" (did you mean "wait"?)"#),
        (#""group": {"interval": "48h"}"#, #""interval" must be from 0s to 24h"#),
        (#""group": "10s""#, "expected an object, found a string"),
    ])
    func groupSettingsAreChecked(_ keys: String, _ problem: String) throws {
        let probe = try ChannelConfigProbe(#"{"type": "webhook", "url": "http://127.0.0.1:9/x", \#(keys)}"#)
        #expect(probe.problems.contains { $0.contains(problem) }, "\(probe.problems)")
    }
}
