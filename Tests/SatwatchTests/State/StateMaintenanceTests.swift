import Foundation
@testable import SatwatchState
import SQLiteKit
import Testing

@Suite("State file maintenance")
struct StateMaintenanceTests {
    /// With automatic checkpoints off, the log keeps every commit until another store (the
    /// dispatcher's) checkpoints it; with them on, it is recycled once it passes the limit.
    @Test(arguments: [(0, 1_000 ..< Int.max), (100, 0 ..< 200)])
    func checkpointCopiesTheLogIntoTheDatabase(_ autoPages: Int, walPages: Range<Int>) throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let writer = try StateStore.open(path: path, autoCheckpointPages: autoPages)
        let commits = 200
        for index in 0..<commits {
            let at = Int64(index)
            try writer.commit([StateFixtures.change("r", notification: StateFixtures.notification("n\(index)", at: at), at: at)],
                              at: StateFixtures.at(at))
        }
        let walBytes = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        #expect(walPages.contains(walBytes / 4_096))
        let dispatcher = try StateStore.open(path: path)
        #expect(try dispatcher.maintenance.checkpoint())
        #expect(try dispatcher.outbox.counts() == ["mail": OutboxCounts(pending: commits), "hook": OutboxCounts(pending: commits)])
    }
}

/// The log under a burst: the evaluator's and the dispatcher's connections overlap all the time,
/// and a passive checkpoint copies the log but never lets it restart, so it grew by hundreds of
/// megabytes (7,000 deliveries: 267 MB) until the burst ended.
@Suite("State file maintenance: the log under a burst")
struct StateLogBoundTests {
    static func walBytes(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
    }

    @Test func aLogThatReadsKeepFromRestartingIsEmptiedOnceItPassesTheBound() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let writer = try StateStore.open(path: path, autoCheckpointPages: 0)
        let checkpointer = try StateStore.open(path: path, autoCheckpointPages: 0)
        let reader = try SQLiteConnection(path: path)
        var index: Int64 = 0
        func commit() throws {
            index += 1
            try writer.commit([StateFixtures.change("r", notification: StateFixtures.notification("n\(index)", at: index), at: index)],
                              at: StateFixtures.at(index))
        }
        try commit()
        // As in a burst: a read begun before each checkpoint still holds its snapshot when the
        // next commit begins, so the log never restarts, however often it is copied.
        while try Self.walBytes(path) <= (StoreMaintenance.logFramesBound + 64) * 4_096 {
            try reader.execute("BEGIN; SELECT count(*) FROM outbox")
            #expect(try checkpointer.maintenance.checkpoint())
            for _ in 0..<5 { try commit() }
            try reader.execute("COMMIT")
        }
        let grown = try Self.walBytes(path)
        #expect(StoreMaintenance.logIsLong(databasePath: path))
        // A passive checkpoint leaves it as long as it is.
        try checkpointer.maintenance.checkpoint()
        #expect(try Self.walBytes(path) == grown)
        // The bounded one waits for the read in progress (ended from another thread) and empties it.
        try reader.execute("BEGIN; SELECT count(*) FROM outbox")
        let ended = DispatchSemaphore(value: 0)
        // Handed to that thread while this one waits in the checkpoint: never used by both at once.
        nonisolated(unsafe) let holder = reader
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            try? holder.execute("COMMIT")
            ended.signal()
        }
        #expect(try checkpointer.maintenance.checkpointBounded(waitingUpTo: .seconds(30)))
        ended.wait()
        #expect(try Self.walBytes(path) == 0)
        #expect(!StoreMaintenance.logIsLong(databasePath: path))
        try commit()
        #expect(try writer.outbox.counts()["hook"] == OutboxCounts(pending: Int(index)))
        // A short log is only copied, never waited for.
        #expect(try Self.walBytes(path) < StoreMaintenance.logFramesBound * 4_096)
        #expect(try !checkpointer.maintenance.checkpointBounded(waitingUpTo: .seconds(30)))
    }
}
