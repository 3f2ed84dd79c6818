import CSQLite
import Glibc

/// One SQLite connection, owned by one user at a time.
///
/// A final class rather than an actor so that `deinit` can close the handle (an actor cannot
/// touch its `OpaquePointer` there under Swift 6). Opened with `SQLITE_OPEN_NOMUTEX`: SQLite's
/// own per-call mutex buys nothing when a single owner serializes the calls.
package final class SQLiteConnection {
    /// The file this connection is open on.
    package let path: String
    /// The raw `sqlite3*`, for statements prepared on this connection.
    package let handle: OpaquePointer
    private var cache: [String: SQLiteStatement] = [:]
    private var closed = false

    /// Opens (creating when missing) the database at `path` and configures it: WAL journal,
    /// `synchronous=NORMAL` (a commit is atomic and survives a process crash; only an OS crash
    /// or power loss can lose the newest commits), a 5 s busy timeout so a second connection on
    /// the same file waits instead of failing, and enforced foreign keys.
    package init(path: String) throws {
        self.path = path
        Self.createPrivate(path)
        self.handle = try Self.open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
        // journal_size_limit truncates the WAL file back to 4 MiB after a burst made it grow.
        try execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
            PRAGMA journal_size_limit = 4194304;
            """)
    }

    /// Opens the existing database at `path` read-only and leaves it as it is: no journal-mode
    /// change, no migration, and closing it never checkpoints the WAL into the file. For looking
    /// at a file that must not be touched (the start-up integrity check).
    package init(readOnly path: String) throws {
        self.path = path
        self.handle = try Self.open(path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
    }

    /// Creates `path` empty and readable by its owner alone when there is no file yet: SQLite
    /// would create it 0644, and a state file holds the link-signing key. Its `-wal` and `-shm`
    /// take the database file's mode from SQLite. An existing file keeps its mode (a group may
    /// have been given access on purpose), and no descriptor on an existing file is opened and
    /// closed here: closing one would drop this process's SQLite locks on it.
    static func createPrivate(_ path: String) {
        guard path != ":memory:", !path.isEmpty else { return }
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(db: db, code: code, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, Int32(busyTimeout / .milliseconds(1)))
        return db
    }

    /// How long a statement waits for another connection's lock by default.
    package static let busyTimeout = Duration.seconds(5)

    deinit { close() }

    /// Closes the connection now: the last one on a file checkpoints the WAL and removes it. The
    /// owner must not use it afterwards (the worker closes its connections as it stops, before the
    /// process exits, rather than whenever their owners are freed).
    package func close() {
        guard !closed else { return }
        closed = true
        // Statements first: close_v2 would otherwise keep a zombie connection until they go.
        for statement in cache.values { statement.finalize() }
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more `;`-separated statements that take no parameters (schema, pragmas).
    package func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            var error = SQLiteError(db: handle, code: code, sql: sql)
            if let message { error.message = String(cString: message) }
            sqlite3_free(message)
            throw error
        }
    }

    /// Prepares a statement the caller owns (for SQL that runs rarely).
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(db: handle, sql: sql)
    }

    /// A prepared statement for `sql`, kept for reuse: parsing and planning cost more than
    /// running the small statements on the hot path. The caller must leave it reset (the
    /// statement's `execute`/`query`/`single` do).
    package func cached(_ sql: String) throws -> SQLiteStatement {
        if let statement = cache[sql] { return statement }
        let statement = try SQLiteStatement(db: handle, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Sets how long a statement waits for a lock another connection holds before it fails with
    /// "database is locked" (5 s from `init`); zero or less fails at once.
    package func setBusyTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        sqlite3_busy_timeout(handle, Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)))
    }

    /// Sets how many WAL pages a commit on this connection may leave before that commit also
    /// checkpoints (copies the WAL into the database, with fsyncs); 0 or less turns it off.
    package func setAutoCheckpoint(pages: Int) {
        sqlite3_wal_autocheckpoint(handle, Int32(clamping: max(0, pages)))
    }

    /// Runs a passive checkpoint: copies what it can from the WAL into the database without
    /// waiting for (or blocking) other connections. Returns the WAL's frame count and how many
    /// of those frames are now in the database, or nil when another connection held a lock the
    /// checkpoint needs (it is passive: it never waits, so a later call simply tries again).
    /// `truncating`: a truncating checkpoint instead, which waits (through the busy timeout) for
    /// the writer and the readers of the log, holds new writers off meanwhile, copies all of it
    /// and empties the file; nil when the wait ran out.
    @discardableResult
    package func checkpoint(truncating: Bool = false) throws -> (walFrames: Int, checkpointed: Int)? {
        var log: Int32 = 0
        var done: Int32 = 0
        let mode = truncating ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE
        let code = sqlite3_wal_checkpoint_v2(handle, nil, mode, &log, &done)
        if code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED { return nil }
        guard code == SQLITE_OK else {
            throw SQLiteError(db: handle, code: code, sql: truncating ? "wal_checkpoint(TRUNCATE)" : "wal_checkpoint(PASSIVE)")
        }
        return (Int(log), Int(done))
    }

    /// Rows changed by the most recent INSERT/UPDATE/DELETE (not counting cascades).
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// How many pages this connection has read from the file (not found in its page cache) since
    /// it opened: what shows that connections taking turns on one file re-read it (`StateFile`).
    package var cacheMisses: Int {
        var current: Int32 = 0, highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0)
        return Int(current)
    }

    /// False while a transaction is open on this connection.
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// The value of an integer pragma such as `user_version`.
    package func integerPragma(_ name: String) throws -> Int64 {
        try prepare("PRAGMA \(name)").single { $0.int64(0) } ?? 0
    }

    /// The value of a text pragma such as `journal_mode`.
    package func textPragma(_ name: String) throws -> String {
        try prepare("PRAGMA \(name)").single { $0.string(0) } ?? ""
    }
}
