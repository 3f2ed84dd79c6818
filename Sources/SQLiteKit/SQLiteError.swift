import CSQLite
import Glibc

/// A failed SQLite call: the result code, SQLite's message and the SQL that was running, so a
/// log line says what failed and where without a debugger.
package struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// The extended result code (e.g. 2067 `SQLITE_CONSTRAINT_UNIQUE`).
    package var code: Int32
    /// SQLite's message for the failure (`sqlite3_errmsg`), or the generic text for `code`.
    package var message: String
    /// The statement that failed, when there was one.
    package var sql: String?
    /// The system's errno behind an I/O or open failure (`EMFILE`: descriptors ran out); 0 when
    /// none was given.
    package var systemErrno: Int32 = 0

    /// Creates an error.
    package init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Reads the current error of connection `db` (extended code and message).
    package init(db: OpaquePointer?, code: Int32, sql: String?) {
        let extended = db.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's error may belong to another call when `code` came from elsewhere
        // (e.g. `sqlite3_open_v2` without a handle); keep the code we were given then.
        let useConnection = db != nil && (extended & 0xFF) == (code & 0xFF)
        self.code = useConnection ? extended : code
        if useConnection, let db, let text = sqlite3_errmsg(db) {
            self.message = String(cString: text)
        } else {
            self.message = String(cString: sqlite3_errstr(code))
        }
        // "disk I/O error" alone does not say that the disk is full (ENOSPC while sizing the
        // -shm file) or which permission is missing: the system's own reason does.
        let primary = self.code & 0xFF
        if let db, primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN, case let errno = sqlite3_system_errno(db), errno != 0 {
            self.message += " (\(String(cString: strerror(errno))))"
            self.systemErrno = errno
        }
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …) without the extension.
    package var primaryCode: Int32 { code & 0xFF }

    /// Whether `error` says the connection cannot write (`SQLITE_READONLY`). SQLite opens a file
    /// it may not write read-only without a word, and such a connection stays read-only after
    /// the file's mode is mended: one that says this is to be closed and opened anew.
    package static func isReadOnly(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.primaryCode == SQLITE_READONLY
    }

    /// Code, its generic meaning, SQLite's message and the SQL on one line.
    package var description: String {
        var text = "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)"
        if let sql { text += " — while running: \(Self.condensed(sql))" }
        return text
    }

    /// The SQL on one line, shortened: multi-line schema text would break one-event-per-line logs.
    private static func condensed(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        let line = words.joined(separator: " ")
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
