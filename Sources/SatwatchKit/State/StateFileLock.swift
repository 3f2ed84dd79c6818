#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The exclusive claim of one worker on a state file: `flock(LOCK_EX | LOCK_NB)` on the file
/// `<state>.lock` beside it, holding the owner's pid for the refusal message.
///
/// Why `flock` on a separate file: a POSIX record lock (`fcntl(F_SETLK)`) belongs to the
/// process and is dropped when the process closes *any* descriptor on that file, and SQLite
/// opens and closes the database file itself (every store, `status`' gauge…), so such a lock on
/// the database would vanish silently, and SQLite uses record locks on it for its own
/// purposes. A `flock` belongs to the open file description: only closing this one descriptor
/// (or the process ending, even by SIGKILL) releases it, and a second claim from the same
/// process conflicts too. The lock file is never deleted: unlinking it while another process
/// waits to open it would let two owners lock two different inodes. A lock file left by a
/// killed worker holds a stale pid but no lock, so it blocks nothing.
final class StateFileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Gives the claim up (process exit, even by SIGKILL, does the same).
    deinit { close(descriptor) }

    /// The lock file for `statePath`.
    static func lockPath(for statePath: String) -> String { statePath + ".lock" }

    /// Claims `statePath` for this process, creating its directory and lock file (0600) if
    /// needed; the claim lasts while the returned object lives, or until the process ends.
    ///
    /// - Throws: `StateFileLockError.inUse` with the holder's pid when another owner (another
    ///   process, or another claim in this one) holds it; `.failed` when the lock file cannot be
    ///   opened or locked.
    static func acquire(statePath: String) throws -> StateFileLock {
        try ParentDirectory.create(for: statePath)
        let path = lockPath(for: statePath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StateFileLockError.failed(path: path, reason: ErrnoText.message(errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(descriptor) }
            guard code == EWOULDBLOCK else { throw StateFileLockError.failed(path: path, reason: ErrnoText.message(code)) }
            throw StateFileLockError.inUse(statePath: statePath, pid: holderPid(descriptor))
        }
        let text = Array("\(getpid())\n".utf8)
        // The pid is only for the message; the lock itself is what excludes.
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return StateFileLock(descriptor: descriptor)
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
}
