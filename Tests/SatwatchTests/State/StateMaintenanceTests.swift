import Foundation
@testable import SatwatchState
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
