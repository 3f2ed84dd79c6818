import Foundation
@testable import SatwatchApp
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The start-up check of the state file, on real files damaged the way the issue found them.
@Suite struct StateIntegrityTests {
    /// A folder with a worker config whose state is `state.db` and whose feed is a closed port.
    static func workerFolder() throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10}]}"#
            .write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
        try #"{"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {"url": "ws://127.0.0.1:9"}}, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}"#
            .write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// A real state file of a few dozen pages, closed (its WAL checkpointed into it).
    static func stateFile(at path: String) throws {
        let store = try StateStore.open(path: path)
        for index in 0..<200 {
            try StateFixtures.enqueue(StateFixtures.notification("n\(index)", rule: "rule-\(index)"), in: store, at: Int64(index) * 1_000)
        }
    }

    /// Overwrites page `page` (1-based; 0 = the last) with garbage.
    static func damage(_ path: String, page: Int) throws -> Int {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let pages = Int(try handle.seekToEnd()) / 4096
        let target = page == 0 ? pages : page
        try handle.seek(toOffset: UInt64((target - 1) * 4096))
        try handle.write(contentsOf: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7 + 13) }))
        return target
    }

    @Test(arguments: [0, 3]) func aDamagedPageIsRefusedAndTheFileLeftAsItIs(page: Int) throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        try Self.stateFile(at: state)
        try StateStore.checkIntegrity(path: state)
        let damaged = try Self.damage(state, page: page)
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        #expect(throws: StateStoreError.damaged(path: state, reason: "Page \(damaged): btreeInitPage() returns error code 11")) {
            try StateStore.checkIntegrity(path: state)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
    }

    @Test func openAndCheckGiveTheSameMessageForAFileThatIsNoDatabase() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: state))
        let expected = StateStoreError.damaged(path: state, reason: "file is not a database")
        #expect(throws: expected) { try StateStore.checkIntegrity(path: state) }
        #expect(throws: expected) { try StateStore.open(path: state) }
        #expect(expected.description.hasPrefix("state file \(state) is damaged (file is not a database); satwatch will not use or rewrite it."))
        #expect(expected.description.contains("sqlite3 \(state) .recover"))
    }

    @Test func aMissingFilePasses() throws {
        let directory = try StateTestDirectory()
        try StateStore.checkIntegrity(path: directory.path("none.db"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("none.db")))
    }

    @Test(.timeLimit(.minutes(1))) func runAndStatusRefuseADamagedFile() async throws {
        let folder = try Self.workerFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.db").path
        let config = folder.appendingPathComponent("satwatch.json").path
        try Self.stateFile(at: state)
        let damaged = try Self.damage(state, page: 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        let message = StateStoreError.damaged(path: state, reason: "Page \(damaged): btreeInitPage() returns error code 11").description

        let run = CapturedIO()
        #expect(await Daemon.run(configPath: config, io: run.io) == 1)
        #expect(run.err == [message])
        let status = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: status.io) == 1)
        #expect(status.err == ["satwatch status: \(message)"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
    }
}
