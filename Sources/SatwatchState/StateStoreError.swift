import CSQLite
import SQLiteKit

/// Why the state file could not be opened or used. Every case names the file, because the
/// reader is an operator looking at one log line.
package enum StateStoreError: Error, CustomStringConvertible, Equatable {
    /// The file's schema is newer than this build understands (written by a later satwatch).
    case newerSchema(path: String, found: Int64, known: Int64)
    /// The parent directory is missing and could not be created.
    case cannotCreateDirectory(path: String, directory: String, reason: String)
    /// The file cannot be opened or read as a satwatch state file (unreadable, not a database,
    /// corrupt, locked for longer than the busy timeout…).
    case unusable(path: String, reason: String)
    /// The file is not a sound database (`PRAGMA quick_check` or a read found it corrupt).
    /// satwatch refuses to use it and never rewrites it; the description says what to do.
    case damaged(path: String, reason: String)
    /// The file the worker has open is no longer at its path (removed, renamed, or replaced by
    /// another file): SQLite would go on writing the one it has, which nothing will read again.
    case movedAway(path: String)

    /// The error for a failed SQLite call on the file at `path`: `.damaged` when SQLite found
    /// the file corrupt or not a database, `.unusable` otherwise.
    package init(path: String, _ error: SQLiteError) {
        let damaged = error.primaryCode == SQLITE_CORRUPT || error.primaryCode == SQLITE_NOTADB
        self = damaged ? .damaged(path: path, reason: error.message) : .unusable(path: path, reason: error.message)
    }

    /// One line for logs and the command line, naming the file.
    package var description: String {
        switch self {
        case .newerSchema(let path, let found, let known):
            "state file \(path) has schema version \(found); this satwatch knows up to \(known)"
        case .cannotCreateDirectory(let path, let directory, let reason):
            "cannot create directory \(directory) for state file \(path): \(reason)"
        case .unusable(let path, let reason):
            "cannot use state file \(path): \(reason)"
        case .movedAway(let path):
            "state file \(path) was removed or replaced while the worker had it open; nothing is stored until the "
                + "file it opened is back at that path (move it back with its -wal and -shm files), or restart the "
                + "worker to start from what the path holds now"
        case .damaged(let path, let reason):
            "state file \(path) is damaged (\(reason)); satwatch will not use or rewrite it. Stop here and "
                + "keep the file for inspection. To start with a fresh state, move it aside together with its "
                + "-wal and -shm files (firing alerts will be announced again, undelivered notifications are "
                + "lost); to try to save its contents: sqlite3 \(path) .recover | sqlite3 recovered.db"
        }
    }
}
