import Foundation
@testable import SatwatchBase
@testable import SatwatchState
import Testing

@Suite("Dead deliveries: retry, purge, expiry, and giving pages back")
struct DeadEntryTests {
    typealias F = StateFixtures

    /// Three notifications to mail and hook; every delivery dead at 2_000 except hook's third.
    static func deadStore(_ directory: StateTestDirectory) throws -> (StateStore, [[String: Int64]]) {
        let store = try StateStore.open(path: directory.path("state.db"))
        var ids: [[String: Int64]] = []
        for name in ["a", "b", "c"] { ids.append(try F.enqueue(F.notification(name), in: store, at: 1_000)) }
        for (index, entry) in ids.enumerated() {
            for (channel, id) in entry where !(index == 2 && channel == "hook") {
                try store.outbox.markDead(id: id, at: F.at(2_000 + Int64(index)), reason: "HTTP 404")
            }
        }
        return (store, ids)
    }

    @Test(arguments: [
        (DeadSelection.all, 5), (.channel("mail"), 3), (.channel("hook"), 2), (.channel("other"), 0),
    ] as [(DeadSelection, Int)])
    func retryPutsDeadEntriesBackAsNew(_ selection: DeadSelection, _ expected: Int) throws {
        let directory = try StateTestDirectory()
        let (store, _) = try Self.deadStore(directory)
        #expect(try store.outbox.retryDead(selection, at: F.at(90_000)) == DeadRetry(requeued: expected, superseded: 0))
        let retried = try store.outbox.entries(states: [.pending]).filter { $0.createdAt == F.at(90_000) }
        #expect(retried.count == expected)
        for entry in retried {
            #expect(entry.attempts == 0 && entry.nextAttemptAt == F.at(90_000) && entry.lastError == nil)
        }
        #expect(try store.outbox.retryDead(selection, at: F.at(91_000)).requeued == 0)
    }

    @Test func retryByIDTouchesOnlyThatDeadEntry() throws {
        let directory = try StateTestDirectory()
        let (store, ids) = try Self.deadStore(directory)
        let id = try #require(ids[1]["hook"])
        #expect(try store.outbox.retryDead(.id(id), at: F.at(90_000)).requeued == 1)
        #expect(try store.outbox.retryDead(.id(try #require(ids[2]["hook"])), at: F.at(90_000)).requeued == 0, "pending, not dead")
        #expect(try store.outbox.entries(states: [.pending]).map(\.id).sorted() == [try #require(ids[2]["hook"]), id].sorted())
    }

    /// A dead entry stays dead when a later entry of its alert was sent to its channel after it
    /// (sent now, it would reach the receiver after that one: a firing after its resolve). Each
    /// step is "ALERT STATUS STATE CHANNEL", queued in that order; then every dead entry is retried.
    @Test(arguments: [
        (["x firing dead hook", "x resolved sent hook"], DeadRetry(requeued: 0, superseded: 1)),
        (["x firing sent hook", "x reminder dead hook", "x reminder sent hook"], DeadRetry(requeued: 0, superseded: 1)),
        (["x firing dead hook", "x resolved dead hook"], DeadRetry(requeued: 2, superseded: 0)),
        (["x firing dead hook", "x resolved pending hook"], DeadRetry(requeued: 1, superseded: 0)),
        (["x firing dead hook", "x reminder silenced hook"], DeadRetry(requeued: 1, superseded: 0)),
        (["x firing dead hook", "y firing sent hook"], DeadRetry(requeued: 1, superseded: 0)),
        (["x firing dead hook", "x resolved sent mail"], DeadRetry(requeued: 1, superseded: 0)),
        (["x resolved sent hook", "x firing dead hook"], DeadRetry(requeued: 1, superseded: 0)),
    ] as [([String], DeadRetry)])
    func aDeadEntryALaterSentOneSupersededStaysDead(_ steps: [String], _ expected: DeadRetry) throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        for (index, step) in steps.enumerated() {
            let words = step.split(separator: " ").map(String.init)
            let at = Int64(index + 1) * 1_000
            var notification = F.notification("n\(index)", rule: words[0], status: words[1] == "resolved" ? .resolved : .firing,
                                              at: at, channels: [words[3]])
            notification.isReminder = words[1] == "reminder"
            let id = try #require(try F.enqueue(notification, in: store, at: at)[words[3]])
            switch OutboxState(rawValue: words[2]) {
            case .pending: break
            case .sent: try store.outbox.markSent(id: id, at: F.at(at))
            case .dead: try store.outbox.markDead(id: id, at: F.at(at), reason: "HTTP 400")
            case let state: _ = try store.outbox.markKept(id: id, as: state, at: F.at(at), reason: "kept")
            }
        }
        #expect(try store.outbox.retryDead(.all, at: F.at(90_000)) == expected)
        #expect(try store.outbox.counts().values.map(\.dead).reduce(0, +) == expected.superseded, "the superseded stay dead")
    }

    @Test func purgeDeletesDeadEntriesAndOrphanedNotificationsOnly() throws {
        let directory = try StateTestDirectory()
        let (store, _) = try Self.deadStore(directory)
        // Dead before 2_001: a's two deliveries.
        #expect(try store.outbox.purgeDead(updatedBefore: F.at(2_001)) == 2)
        #expect(try store.outbox.notification(id: "a") == nil)
        #expect(try store.outbox.purgeDead(updatedBefore: Timestamp(milliseconds: .max)) == 3)
        #expect(try store.outbox.notification(id: "b") == nil)
        // c still has a pending delivery: the notification stays, with that one delivery.
        #expect(try store.outbox.notification(id: "c")?.channels == ["hook"])
        #expect(try store.outbox.counts() == ["hook": OutboxCounts(pending: 1)])
    }

    /// Every pending entry past the cutoff dies, the head of its queue or one behind it.
    @Test func expiryReachesEntriesBehindTheHead() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let head = try F.enqueue(F.notification("head", at: 1_000), in: store, at: 1_000)
        try F.enqueue(F.notification("behind", at: 2_000), in: store, at: 2_000)
        try F.enqueue(F.notification("young", at: 9_000), in: store, at: 9_000)
        try store.outbox.markRetry(id: try #require(head["mail"]), attempts: 1, nextAttemptAt: F.at(1_000_000), error: "HTTP 429", at: F.at(1_500))
        let expired = try store.outbox.expirePending(createdBefore: F.at(5_000), at: F.at(6_000)) { "too old after \($0.lastError ?? "none")" }
        #expect(expired.map(\.notification.id) == ["head", "head", "behind", "behind"])
        let dead = try store.outbox.entries(states: [.dead])
        #expect(dead.count == 4)
        #expect(dead.allSatisfy { $0.updatedAt == F.at(6_000) })
        #expect(dead.filter { $0.lastError == "too old after HTTP 429" }.count == 1)
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(pending: 1, dead: 2), "hook": OutboxCounts(pending: 1, dead: 2)])
    }

    /// Pruning frees pages; giving them back shrinks the file itself, not only its free list.
    @Test func prunedFileShrinksAfterIncrementalVacuum() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let store = try StateStore.open(path: path)
        for index in 0..<2_000 {
            let at = Int64(index)
            try store.commit([F.change("r", notification: F.notification("n\(index)", at: at), at: at)], at: F.at(at))
        }
        try store.connection.execute("UPDATE outbox SET state = 'sent', updated_at = created_at")
        try store.maintenance.checkpoint()
        let full = try Self.size(path)
        #expect(try store.maintenance.prune(olderThan: F.at(1_900)) == 1_900)
        #expect(try store.maintenance.returnFreePages() > 0)
        #expect(try store.connection.integerPragma("freelist_count") == 0)
        let pruned = try Self.size(path)
        #expect(pruned * 4 < full, "\(full) → \(pruned) bytes")
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(sent: 100), "hook": OutboxCounts(sent: 100)])
    }

    static func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
