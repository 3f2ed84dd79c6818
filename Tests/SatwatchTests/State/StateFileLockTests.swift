import Foundation
@testable import SatwatchApp
@testable import SatwatchState
import Testing

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

    /// Any path to the same file is the same claim: a symbolic link and a hard link have their
    /// own `.lock` beside them, and are refused all the same, naming the holder.
    @Test func aClaimThroughAnotherPathToTheFileFails() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        let held = try StateFileLock.acquire(statePath: state)
        try FileManager.default.createDirectory(atPath: directory.path("elsewhere"), withIntermediateDirectories: true)
        let symbolic = directory.path("elsewhere/symbolic.db"), hard = directory.path("elsewhere/hard.db")
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: state)
        #expect(link(state, hard) == 0)
        for other in [symbolic, hard] {
            let error = try #require(throws: StateFileLockError.self) { try StateFileLock.acquire(statePath: other) }
            #expect(error == .inUse(statePath: other, pid: getpid()))
            #expect(error.description == "state file \(other) is in use by pid \(getpid())")
        }
        // The refused claims left nothing held: once the first is given up, a link can claim.
        withExtendedLifetime(held) {}
        _ = consume held
        let next = try StateFileLock.acquire(statePath: hard)
        withExtendedLifetime(next) {}
    }

    /// The state file a claim creates is private (it will hold the link-signing key).
    @Test func theStateFileAndTheLockFileAreCreatedPrivate() throws {
        let directory = try StateTestDirectory()
        let state = directory.path("state.db")
        let held = try StateFileLock.acquire(statePath: state)
        for path in [state, StateFileLock.lockPath(for: state)] {
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600, "\(path)")
        }
        withExtendedLifetime(held) {}
    }

    @Test(arguments: [
        // The holder's line, among others (a record lock on the same file, a waiter, other files).
        ("1: POSIX  ADVISORY  WRITE 11 fe:00:1234 0 EOF\n2: FLOCK  ADVISORY  WRITE 4242 fe:00:1234 0 EOF\n"
         + "2: -> FLOCK  ADVISORY  WRITE 77 fe:00:1234 0 EOF\n3: FLOCK  ADVISORY  WRITE 9 fe:00:99 0 EOF", 4242 as Int32?),
        ("1: FLOCK  ADVISORY  WRITE 4242 fe:01:1234 0 EOF", nil),
        ("1: FLOCK  ADVISORY  WRITE 4242 103:02:1234 0 EOF", nil),
        ("1: FLOCK  ADVISORY  WRITE -1 fe:00:1234 0 EOF", nil),
        ("", nil),
    ])
    func procLocksNamesTheFlockHolder(_ text: String, _ pid: Int32?) {
        // fe:00 is device 0xfe00 (major 0xfe, minor 0), as `stat` gives it.
        #expect(ProcLocks.flockHolder(in: text, device: 0xFE00, inode: 1234) == pid)
    }

    @Test func largeDeviceNumbersSplitAsGlibcDoes() {
        // makedev(0x103, 0x12345): major's high bits and minor's high bits live above bit 12.
        let device: UInt64 = (0x12345 & 0xFF) | ((0x103 & 0xFFF) << 8) | ((0x12345 & ~UInt64(0xFF)) << 12)
        #expect(ProcLocks.split(device) == (0x103, 0x12345))
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
        // The holder's claim made the file (empty, as a store finds a new one); the refused run
        // wrote nothing to it.
        #expect(try FileManager.default.attributesOfItem(atPath: state)[.size] as? Int == 0)
        withExtendedLifetime(held) {}
    }
}
