import Foundation
import Testing
@testable import SatwatchKit

/// The one-worker claim on a state file, with real files. Process death (SIGKILL) releasing it
/// is checked with the real binary in Tests/chaos/test_state_file.py.
@Suite struct StateFileLockTests {
    @Test func aSecondClaimFailsWithTheHoldersPid() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("nested/state.db")
        let held = try StateFileLock.acquire(statePath: state)
        // A second claim from the same process conflicts too: a POSIX record lock (F_SETLK)
        // would be granted here, and silently dropped when SQLite closes its own descriptor.
        #expect(throws: StateFileLockError.inUse(statePath: state, pid: getpid())) {
            try StateFileLock.acquire(statePath: state)
        }
        let error = try #require(throws: StateFileLockError.self) { try StateFileLock.acquire(statePath: state) }
        #expect(error.description == "state file \(state) is in use by pid \(getpid())")
        let attributes = try FileManager.default.attributesOfItem(atPath: StateFileLock.lockPath(for: state))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        withExtendedLifetime(held) {}
    }

    @Test func theClaimOutlivesOtherDescriptorsOnTheFiles() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        let held = try StateFileLock.acquire(statePath: state)
        // Other users of the same files in this process come and go: a store, a reader of the
        // lock file. None of them may release the claim.
        try StateFixtures.enqueue(StateFixtures.notification("n1"), in: try StateStore.open(path: state), at: 1_000)
        _ = try String(contentsOfFile: StateFileLock.lockPath(for: state), encoding: .utf8)
        #expect(throws: StateFileLockError.inUse(statePath: state, pid: getpid())) {
            try StateFileLock.acquire(statePath: state)
        }
        withExtendedLifetime(held) {}
    }

    @Test func aReleasedOrStaleClaimBlocksNothing() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        var held: StateFileLock? = try StateFileLock.acquire(statePath: state)
        withExtendedLifetime(held) {}
        held = nil
        // What a killed worker leaves: the lock file with its pid, and no lock.
        try "999999\n".write(toFile: StateFileLock.lockPath(for: state), atomically: false, encoding: .utf8)
        let next = try StateFileLock.acquire(statePath: state)
        #expect(try String(contentsOfFile: StateFileLock.lockPath(for: state), encoding: .utf8) == "\(getpid())\n")
        withExtendedLifetime(next) {}
    }

    @Test(.timeLimit(.minutes(1))) func runRefusesAHeldStateFile() async throws {
        let folder = try StateIntegrityTests.workerFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.db").path
        let held = try StateFileLock.acquire(statePath: state)
        let captured = CapturedIO()
        let status = await Daemon.run(configPath: folder.appendingPathComponent("satwatch.json").path, io: captured.io)
        #expect(status == 1)
        #expect(captured.err == ["state file \(state) is in use by pid \(getpid())"])
        #expect(!FileManager.default.fileExists(atPath: state))
        withExtendedLifetime(held) {}
    }
}
