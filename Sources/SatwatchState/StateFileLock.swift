#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BlockingPool
import SatwatchBase

/// The exclusive claim of one worker on a state file: `flock(LOCK_EX | LOCK_NB)` on the file
/// `<state>.lock` beside it, holding the owner's pid for the refusal message, and on the state
/// file itself, so that any other path to it (a symbolic or a hard link, whose `.lock` is
/// another file) is refused too.
///
/// Why `flock` and not a POSIX record lock (`fcntl(F_SETLK)`): a record lock belongs to the
/// process and is dropped when the process closes *any* descriptor on that file, and SQLite
/// opens and closes the database file itself (every store, `status`' gauge…), so such a lock on
/// the database would vanish silently, and SQLite uses record locks on it for its own
/// purposes. A `flock` belongs to the open file description: only closing this one descriptor
/// (or the process ending, even by SIGKILL) releases it, and a second claim from the same
/// process conflicts too. On Linux `flock` and record locks are independent, so the `flock` on
/// the database leaves SQLite's own locks alone (on NFS, where the kernel emulates `flock` with
/// record locks, SQLite's WAL mode does not work anyway).
///
/// The one thing to mind: closing our descriptor on the database drops the *process's* record
/// locks on it, SQLite's included. So the claim is taken before any store is opened and given
/// up last (in `run`, as the process ends); a refused claim closes its descriptor before any
/// store exists.
///
/// The lock file is never deleted: unlinking it while another process waits to open it would
/// let two owners lock two different inodes. A lock file left by a killed worker holds a stale
/// pid but no lock, so it blocks nothing. The pid of a holder reached through another path is
/// the one `/proc/locks` lists for the database's device and inode.
package final class StateFileLock: Sendable {
    private let lockFile: Int32
    private let stateFile: Int32

    private init(lockFile: Int32, stateFile: Int32) {
        self.lockFile = lockFile
        self.stateFile = stateFile
    }

    /// Gives the claim up (process exit, even by SIGKILL, does the same).
    deinit {
        close(lockFile)
        close(stateFile)
    }

    /// The lock file for `statePath`.
    static func lockPath(for statePath: String) -> String { statePath + ".lock" }

    /// Claims `statePath` for this process, creating its directory, lock file and an empty state
    /// file (0600) if needed; the claim lasts while the returned object lives, or until the
    /// process ends.
    ///
    /// - Throws: `StateFileLockError.inUse` with the holder's pid when another owner (another
    ///   process, or another claim in this one) holds it, through this path or any other;
    ///   `.failed` when a file cannot be opened or locked.
    static func acquire(statePath: String) throws -> StateFileLock {
        try ParentDirectory.create(for: statePath)
        let path = lockPath(for: statePath)
        let lockFile = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFile >= 0 else { throw StateFileLockError.failed(path: path, reason: ErrnoText.message(errno)) }
        guard flock(lockFile, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(lockFile) }
            guard code == EWOULDBLOCK else { throw StateFileLockError.failed(path: path, reason: ErrnoText.message(code)) }
            throw StateFileLockError.inUse(statePath: statePath, pid: holderPid(lockFile))
        }
        // Read-only is enough for `flock`, and leaves a read-only state file to the store's own
        // report (503 on /healthz) rather than refusing the start.
        let stateFile = open(statePath, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard stateFile >= 0 else {
            let code = errno
            close(lockFile)
            throw StateFileLockError.failed(path: statePath, reason: ErrnoText.message(code))
        }
        guard flock(stateFile, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(stateFile); close(lockFile) }
            guard code == EWOULDBLOCK else { throw StateFileLockError.failed(path: statePath, reason: ErrnoText.message(code)) }
            throw StateFileLockError.inUse(statePath: statePath, pid: flockHolder(of: stateFile))
        }
        let text = Array("\(getpid())\n".utf8)
        // The pid is only for the message; the locks themselves are what excludes.
        _ = ftruncate(lockFile, 0)
        _ = text.withUnsafeBytes { pwrite(lockFile, $0.baseAddress, $0.count, 0) }
        return StateFileLock(lockFile: lockFile, stateFile: stateFile)
    }

    /// The pid the holder wrote into the lock file. The holder writes it just after locking, so
    /// an empty file is read again for up to a second before giving up with nil.
    private static func holderPid(_ descriptor: Int32) -> Int32? {
        for _ in 0..<100 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            let digits = buffer[..<max(0, count)].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if let pid = Int32(String(decoding: digits, as: UTF8.self)) { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// The pid of the process holding a `flock` on the file open at `descriptor`, as
    /// `/proc/locks` lists it; nil when it is not listed (no `/proc`, another pid namespace).
    private static func flockHolder(of descriptor: Int32) -> Int32? {
        guard let file = FileIdentity(descriptor: descriptor),
              case .success(let bytes) = FileBytes.read("/proc/locks", limit: .procLocks) else { return nil }
        return ProcLocks.flockHolder(in: String(decoding: bytes, as: UTF8.self), device: file.device, inode: file.inode)
    }
}

extension StateFileLock {
    /// What `run` does before its services open the store: claims the state file, checks it
    /// (`StateStore.checkIntegrity`), then creates or migrates it once, so that the services'
    /// connections never race to migrate a file (one of them would fail with "database is
    /// locked"). On the state file's pool (`WorkerPools.stateFile`): all of it may block, and the
    /// cooperative pool must not.
    ///
    /// - Throws: `StateFileLockError` when another worker holds the file, `StateStoreError`
    ///   when it is damaged or unreadable (the claim is given up then).
    package static func claimChecked(statePath: String) async throws -> StateFileLock {
        try await WorkerPools.stateFile.run {
            Result { () throws -> StateFileLock in
                let lock = try acquire(statePath: statePath)
                try StateStore.checkIntegrity(path: statePath)
                _ = try StateStore.open(path: statePath)
                return lock
            }
        }.get()
    }
}
