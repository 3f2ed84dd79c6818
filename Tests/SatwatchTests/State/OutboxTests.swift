@testable import SatwatchRules
@testable import SatwatchState
import Testing

@Suite("Outbox delivery queue")
struct OutboxTests {
    typealias F = StateFixtures

    /// Both channels' deliveries of one alert, through a retry and a death: on each channel the
    /// alert's resolve waits behind its firing, whatever its own due time.
    @Test func deliversPerChannelAndAlertInCommitOrderThroughRetriesAndDeath() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let fired = try F.enqueue(F.notification("fired", at: 1_000), in: store, at: 1_000)
        let resolved = try F.enqueue(F.notification("resolved", status: .resolved, at: 2_000), in: store, at: 2_000)
        let mailFired = try #require(fired["mail"]), hookFired = try #require(fired["hook"])
        let mailResolved = try #require(resolved["mail"]), hookResolved = try #require(resolved["hook"])
        func due(_ channel: String, at now: Int64) throws -> [Int64] {
            try store.outbox.deliverable(channel: channel, now: F.at(now), limit: 10).map(\.id)
        }

        // Both of the alert's entries are due, in commit order.
        #expect(try due("mail", at: 2_000) == [mailFired, mailResolved])
        #expect(try store.outbox.nextDue(channel: "mail") == F.at(1_000))

        // mail's firing backs off: its resolve must wait behind it; hook is unaffected.
        #expect(try store.outbox.markRetry(id: mailFired, attempts: 1, nextAttemptAt: F.at(5_000), error: "HTTP 503", at: F.at(2_100)))
        #expect(try due("mail", at: 2_500).isEmpty)
        #expect(try due("hook", at: 2_500) == [hookFired, hookResolved])
        #expect(try store.outbox.markSent(id: hookFired, at: F.at(2_600)))
        #expect(try due("hook", at: 2_600) == [hookResolved])
        #expect(try store.outbox.markSent(id: hookResolved, at: F.at(2_700)))
        // The earliest *actionable* time is mail's head, not its waiting resolve (due at 2_000).
        #expect(try store.outbox.nextDue(channel: "mail") == F.at(5_000))
        #expect(try due("mail", at: 4_999).isEmpty)

        let retried = try #require(try store.outbox.deliverable(channel: "mail", now: F.at(5_000), limit: 10).first)
        #expect(retried.id == mailFired)
        #expect(retried.attempts == 1)
        #expect(retried.lastError == "HTTP 503")
        #expect(retried.updatedAt == F.at(2_100))
        #expect(retried.createdAt == F.at(1_000))

        // A dead head no longer blocks its alert.
        #expect(try store.outbox.markDead(id: mailFired, at: F.at(5_100), reason: "HTTP 404 (permanent)"))
        #expect(try due("mail", at: 5_100) == [mailResolved])
        #expect(try store.outbox.markSent(id: mailResolved, at: F.at(5_200)))
        #expect(try due("mail", at: 99_999).isEmpty)
        #expect(try store.outbox.nextDue(channel: "mail") == nil)

        #expect(try store.outbox.counts() == ["mail": OutboxCounts(sent: 1, dead: 1), "hook": OutboxCounts(sent: 2)])
        let dead = try store.outbox.entries(states: [.pending, .dead])
        #expect(dead.map(\.id) == [mailFired])
        #expect(dead.first?.state == .dead)
        #expect(dead.first?.attempts == 2)
        #expect(dead.first?.lastError == "HTTP 404 (permanent)")
        #expect(dead.first?.updatedAt == F.at(5_100))
    }

    /// One alert that waits (a hold of its own, a retry) delays no other alert of its channel:
    /// rule `slow`'s two entries wait behind its held firing while rule `quick` goes.
    @Test func anAlertThatWaitsDelaysNoOtherAlertOfItsChannel() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let slowFired = try #require(try F.enqueue(F.notification("s1", rule: "slow", at: 1_000, channels: ["hook"]), in: store, at: 1_000)["hook"])
        let quick = try #require(try F.enqueue(F.notification("q1", rule: "quick", at: 1_100, channels: ["hook"]), in: store, at: 1_100)["hook"])
        let slowResolved = try #require(try F.enqueue(F.notification("s2", rule: "slow", status: .resolved, at: 1_200, channels: ["hook"]),
                                                      in: store, at: 1_200)["hook"])
        #expect(try store.outbox.markHeld(id: slowFired, until: F.at(9_000), kind: HoldKind(rawValue: "muted"), at: F.at(1_300)))
        #expect(try store.outbox.deliverable(channel: "hook", now: F.at(2_000), limit: 10).map(\.id) == [quick])
        #expect(try store.outbox.nextDue(channel: "hook") == F.at(1_100))
        #expect(try store.outbox.markSent(id: quick, at: F.at(2_000)))
        #expect(try store.outbox.nextDue(channel: "hook") == F.at(9_000))
        let held = try #require(try store.outbox.entries(states: [.pending]).last)
        #expect(held.id == slowFired && held.holdKind?.rawValue == "muted" && held.heldUntil == F.at(9_000))
        #expect(try store.outbox.deliverable(channel: "hook", now: F.at(9_000), limit: 10).map(\.id) == [slowFired, slowResolved])
        #expect(try store.outbox.deliverable(channel: "hook", now: F.at(9_000), limit: 1).map(\.id) == [slowFired])
    }

    /// Marking an entry that is no longer pending changes nothing and says so.
    @Test(arguments: ["sent", "dead"])
    func markingAFinishedEntryIsRefused(_ finish: String) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let id = try #require(try F.enqueue(F.notification("n", channels: ["mail"]), in: store, at: 1_000)["mail"])
        if finish == "sent" { try store.outbox.markSent(id: id, at: F.at(2_000)) } else { try store.outbox.markDead(id: id, at: F.at(2_000), reason: "x") }
        #expect(try store.outbox.markSent(id: id, at: F.at(3_000)) == false)
        #expect(try store.outbox.markDead(id: id, at: F.at(3_000), reason: "y") == false)
        #expect(try store.outbox.markRetry(id: id, attempts: 9, nextAttemptAt: F.at(9_000), error: "z", at: F.at(3_000)) == false)
        #expect(try store.outbox.markSent(id: 9_999, at: F.at(3_000)) == false)
        let entry = try #require(try store.outbox.entries(states: [.sent, .dead]).first)
        #expect(entry.state.rawValue == finish)
        #expect(entry.attempts == 1)
        #expect(entry.updatedAt == F.at(2_000))
    }

    struct DueCase: Sendable, CustomStringConvertible {
        var now: Int64
        var limit: Int
        var expected: [String]
        var description: String { "now \(now) limit \(limit)" }
    }

    /// One channel, three alerts with first entries queued at 1_000 (a), 2_000 (b), 3_000 (c),
    /// and a second entry each queued at 4_000: what is due comes in queue order, every alert's
    /// entries as far as they are due.
    @Test(arguments: [
        DueCase(now: 999, limit: 10, expected: []),
        DueCase(now: 1_000, limit: 10, expected: ["a1"]),
        DueCase(now: 2_500, limit: 10, expected: ["a1", "b1"]),
        DueCase(now: 9_000, limit: 10, expected: ["a1", "b1", "c1", "a2", "b2", "c2"]),
        DueCase(now: 9_000, limit: 2, expected: ["a1", "b1"]),
    ])
    func deliverableEntriesAreDueOnesInQueueOrder(_ due: DueCase) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        for (name, at) in [("a1", 1_000), ("b1", 2_000), ("c1", 3_000), ("a2", 4_000), ("b2", 4_000), ("c2", 4_000)] {
            try F.enqueue(F.notification(name, rule: String(name.prefix(1)), at: Int64(at), channels: ["x"]), in: store, at: Int64(at))
        }
        let entries = try store.outbox.deliverable(channel: "x", now: F.at(due.now), limit: due.limit)
        #expect(entries.map(\.notification.id) == due.expected)
        #expect(try store.outbox.pendingEntries(channel: "x").map(\.notification.id) == ["a1", "b1", "c1", "a2", "b2", "c2"])
        #expect(try store.outbox.nextPendingEntry(channel: "x")?.notification.id == "a1")
        #expect(try store.outbox.nextPendingEntry(channel: "z") == nil)
    }

    @Test func statusEntriesAreNewestFirstAndFilteredByState() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var ids: [Int64] = []
        for index in 0..<5 {
            let at = Int64(1_000 * (index + 1))
            ids.append(try #require(try F.enqueue(F.notification("n\(index)", at: at, channels: ["mail"]), in: store, at: at)["mail"]))
        }
        try store.outbox.markDead(id: ids[0], at: F.at(9_000), reason: "gone")
        try store.outbox.markSent(id: ids[1], at: F.at(9_000))
        #expect(try store.outbox.entries().map(\.id) == [ids[4], ids[3], ids[2], ids[0]])
        #expect(try store.outbox.entries(limit: 2).map(\.id) == [ids[4], ids[3]])
        #expect(try store.outbox.entries(states: [.sent]).map(\.id) == [ids[1]])
        #expect(try store.outbox.entries(states: []).isEmpty)
        #expect(try store.outbox.entries(states: [.pending, .sent, .dead, .silenced, .muted]).count == 5)
    }

    /// Retention spares an alert's newest firing notification on a channel that tells it again,
    /// however old: an alert that fires for longer than the retention is still told again to
    /// Alertmanager. On other channels it goes like any other.
    @Test func pruneKeepsAnAlertsNewestFiringNotification() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let first = try F.enqueue(F.notification("first", rule: "long", at: 1_000, channels: ["am"]), in: store, at: 1_000)
        let reminder = try F.enqueue(F.notification("reminder", rule: "long", at: 2_000, channels: ["am"]), in: store, at: 2_000)
        let onHook = try F.enqueue(F.notification("on-hook", rule: "long", at: 2_000, channels: ["hook"]), in: store, at: 2_000)
        let other = try F.enqueue(F.notification("over", rule: "short", at: 1_000, channels: ["am"]), in: store, at: 1_000)
        let otherResolved = try F.enqueue(F.notification("over-resolved", rule: "short", status: .resolved, at: 1_500, channels: ["am"]),
                                          in: store, at: 1_500)
        for ids in [first, reminder, onHook, other, otherResolved] { for id in ids.values { try store.outbox.markSent(id: id, at: F.at(2_500)) } }
        #expect(try store.maintenance.prune(olderThan: F.at(9_000), restating: ["am"]) == 4)
        #expect(try store.outbox.notification(id: "reminder") != nil, "the newest firing of an alert that still fires")
        for gone in ["first", "on-hook", "over", "over-resolved"] { #expect(try store.outbox.notification(id: gone) == nil) }
        #expect(try store.outbox.latestHeard(queues: ["am"], resolvedSince: F.at(9_000), alerts: nil).map(\.notification.id) == ["reminder"])
    }

    /// Retention spares the newest firing on any queue of a channel that tells it again (one a
    /// new peer is told from), but not that of an alert the worker no longer fires: a rule
    /// removed, or changed and started fresh.
    @Test(arguments: [
        (["old", "fresh", "gone"] as Set<String>, true, true),
        (["old", "fresh"] as Set<String>, true, false),
        (["old", "fresh", "gone"] as Set<String>, false, false),
    ])
    func pruneKeepsTheNewestFiringOnlyOfAlertsThatStillFire(_ alerts: Set<String>, _ stillFires: Bool, _ kept: Bool) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        for id in try F.enqueue(F.notification("told-alone", rule: "gone", at: 1_000, channels: ["am"]), in: store, at: 1_000).values {
            try store.outbox.markSent(id: id, at: F.at(1_500))
        }
        if !stillFires { try store.ruleStates.save(["gone": RuleState(digest: "changed")], at: F.at(2_000)) }
        #expect(try store.maintenance.prune(olderThan: F.at(9_000), restating: QueueNames.family(of: "am"), alerts: alerts) == (kept ? 0 : 1))
        #expect(try (store.outbox.notification(id: "told-alone") != nil) == kept)
    }

    /// Retention spares the firing the receiver heard, not a later reminder kept from it (a
    /// silence): that firing is what a restating channel tells again.
    @Test func pruneKeepsTheSentFiringPastAKeptReminder() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        for id in try F.enqueue(F.notification("told", rule: "gone", at: 1_000, channels: ["am"]), in: store, at: 1_000).values {
            try store.outbox.markSent(id: id, at: F.at(1_500))
        }
        for id in try F.enqueue(F.notification("silenced", rule: "gone", at: 2_000, channels: ["am"]), in: store, at: 2_000).values {
            _ = try store.outbox.markKept(id: id, as: .silenced, at: F.at(2_500), reason: "silenced")
        }
        try store.maintenance.prune(olderThan: F.at(9_000), restating: QueueNames.family(of: "am"), alerts: ["gone"])
        #expect(try store.outbox.notification(id: "told") != nil)
        #expect(try store.outbox.notification(id: "silenced") == nil)
        #expect(try store.outbox.latestHeard(queues: ["am"], resolvedSince: F.at(9_000), alerts: ["gone"]).map(\.notification.id) == ["told"])
    }

    /// Retention: a notification goes once every delivery of it is sent or dead and was last
    /// touched before the cutoff; one with a pending or a recent delivery stays whole.
    @Test func pruneRemovesOnlyOldFinishedNotifications() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let oldSent = try F.enqueue(F.notification("old-sent"), in: store, at: 1_000)
        let oldDead = try F.enqueue(F.notification("old-dead"), in: store, at: 1_000)
        let partDead = try F.enqueue(F.notification("part-dead"), in: store, at: 1_000)
        let newSent = try F.enqueue(F.notification("new-sent"), in: store, at: 1_000)
        let partPending = try F.enqueue(F.notification("part-pending"), in: store, at: 1_000)
        let recentDead = try F.enqueue(F.notification("recent-dead"), in: store, at: 1_000)
        try F.enqueue(F.notification("pending"), in: store, at: 1_000)
        try F.enqueue(F.notification("nowhere", channels: []), in: store, at: 1_000)
        for id in oldSent.values { try store.outbox.markSent(id: id, at: F.at(2_000)) }
        for id in oldDead.values { try store.outbox.markDead(id: id, at: F.at(2_000), reason: "HTTP 404") }
        try store.outbox.markSent(id: try #require(partDead["mail"]), at: F.at(2_000))
        try store.outbox.markDead(id: try #require(partDead["hook"]), at: F.at(2_000), reason: "bad token")
        for id in newSent.values { try store.outbox.markSent(id: id, at: F.at(8_000)) }
        try store.outbox.markSent(id: try #require(partPending["mail"]), at: F.at(2_000))
        try store.outbox.markDead(id: try #require(recentDead["mail"]), at: F.at(2_000), reason: "HTTP 404")
        try store.outbox.markDead(id: try #require(recentDead["hook"]), at: F.at(6_000), reason: "HTTP 404")

        #expect(try store.maintenance.prune(olderThan: F.at(5_000)) == 4)
        for gone in ["old-sent", "old-dead", "part-dead", "nowhere"] { #expect(try store.outbox.notification(id: gone) == nil) }
        for kept in ["new-sent", "part-pending", "recent-dead", "pending"] { #expect(try store.outbox.notification(id: kept) != nil) }
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(pending: 1, sent: 2, dead: 1),
                                             "hook": OutboxCounts(pending: 2, sent: 1, dead: 1)])
        let orphanLabels = try store.connection.prepare(
            "SELECT count(*) FROM notification_label WHERE notification_id IN ('old-sent', 'old-dead', 'nowhere')").single { $0.int(0) }
        #expect(orphanLabels == 0)
        #expect(try store.maintenance.prune(olderThan: F.at(5_000)) == 0)
    }

    /// A channel's due entries are read in queue order straight from an index, up to the limit:
    /// no sort of every pending row for each message (a burst of 10,000 on a plain webhook took
    /// 331 s with one, 9.5 s without; `bench/burst.py`).
    @Test func theQueueIsReadWithoutSortingIt() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let plan = try store.connection.prepare("EXPLAIN QUERY PLAN " + OutboxStore.deliverableQuery)
        let steps = try plan.query { $0.string(3) }
        #expect(!steps.isEmpty)
        #expect(!steps.contains { $0.contains("TEMP B-TREE") }, "\(steps)")
        #expect(steps.contains { $0.contains("outbox_queue") }, "\(steps)")
    }
}
