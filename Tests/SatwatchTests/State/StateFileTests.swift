import Dispatch
import Foundation
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// The worker's shared connection (`StateFile`): the evaluator's writer and the dispatcher take
/// turns on it without re-reading the file, never see each other's half transaction, and it opens
/// on first use, again after a failure or a close.
@Suite struct StateFileTests {
    typealias F = StateFixtures

    /// The alert path's turns, `rounds` times: a commit queues a notification for `hook`, then a
    /// pass reads what is due and records it sent. Returns the pages the two sides read from the
    /// file (cache misses) over the rounds after the first few (which fill the caches).
    static func pagesRead(writer: StateFile, dispatcher: StateFile, rounds: Int) throws -> Int {
        var missesAtStart = 0
        for round in 0..<rounds + 5 {
            if round == 5 {
                missesAtStart = try writer.use { $0.connection.cacheMisses } + dispatcher.use { $0.connection.cacheMisses }
            }
            let at = Int64(1_000 + round * 1_000)
            try writer.use { store in
                try store.commit([F.change("rule-\(round % 7)", notification: F.notification("n\(round)", rule: "rule-\(round % 7)",
                                                                                              at: at, channels: ["hook"]), at: at)],
                                 at: F.at(at))
            }
            try dispatcher.use { store in
                let due = try store.outbox.deliverable(channel: "hook", now: F.at(at), limit: 1)
                try #require(due.count == 1)
                _ = try store.outbox.markSent(id: due[0].id, at: F.at(at + 10))
            }
        }
        return try writer.use { $0.connection.cacheMisses } + dispatcher.use { $0.connection.cacheMisses } - missesAtStart
    }

    /// Measured: one shared connection read no page in 40 rounds; two connections (the arrangement
    /// before `StateFile`) read about 14 a round, each side dropping its cache after the other wrote.
    @Test func turnsOnOneConnectionReadNothingTheOtherSideWrote() throws {
        let directory = try StateTestDirectory()
        let shared = StateFile(path: directory.path("shared.db"))
        let sharedReads = try Self.pagesRead(writer: shared, dispatcher: shared, rounds: 40)
        let separateReads = try Self.pagesRead(writer: StateFile(path: directory.path("separate.db")),
                                               dispatcher: StateFile(path: directory.path("separate.db")), rounds: 40)
        #expect(sharedReads <= 10, "one connection re-read \(sharedReads) pages")
        #expect(separateReads >= 120, "two connections re-read \(separateReads) pages: the comparison measures nothing")
    }

    /// Two threads commit and read through one `StateFile` at once: every commit is whole (a
    /// transaction one began is never joined by the other's statements) and nothing is lost.
    @Test func twoThreadsAtOnceNeverInterleaveTheirTransactions() async throws {
        let directory = try StateTestDirectory()
        let file = StateFile(path: directory.path("state.db"))
        let perThread = 150
        let failures = await withTaskGroup(of: [String].self) { group in
            for side in ["a", "b"] {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
                        DispatchQueue(label: "state-file-test-\(side)").async {
                            var failures: [String] = []
                            for index in 0..<perThread {
                                do {
                                    let id = "\(side)\(index)"
                                    try file.use { store in
                                        try store.commit([F.change("rule-\(id)", notification: F.notification(id, rule: "rule-\(id)",
                                                                                                             at: 1_000, channels: ["hook"]))],
                                                         at: F.at(1_000))
                                    }
                                    _ = try file.use { try $0.outbox.counts() }
                                } catch {
                                    failures.append("\(error)")
                                }
                            }
                            done.resume(returning: failures)
                        }
                    }
                }
            }
            return await group.reduce([], +)
        }
        #expect(failures == [])
        #expect(try file.use { try $0.outbox.counts()["hook"]?.pending } == 2 * perThread)
    }

    /// A file that cannot be opened fails each use with the store's error naming it, and the next
    /// use tries again; after `close`, a use opens it again.
    @Test func opensOnFirstUseAgainAfterAFailureAndAfterAClose() throws {
        let directory = try StateTestDirectory()
        let blocker = directory.path("not-a-folder")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let file = StateFile(path: blocker + "/state.db")
        #expect(throws: StateStoreError.self) { try file.use { _ in } }
        #expect(throws: StateStoreError.self) { try file.use { _ in } }
        try FileManager.default.removeItem(atPath: blocker)
        try file.use { store in _ = try F.enqueue(F.notification("n1", channels: ["hook"]), in: store, at: 1_000) }
        file.close()
        #expect(try file.use { try $0.outbox.counts()["hook"]?.pending } == 1)
    }
}
