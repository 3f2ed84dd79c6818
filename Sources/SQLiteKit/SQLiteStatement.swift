import CSQLite

/// A prepared statement with typed binding and column access.
///
/// Parameter and column indexes follow SQLite: parameters from 1, columns from 0. Owned by one
/// connection and used by one thread at a time, like the connection itself.
package final class SQLiteStatement {
    /// The SQL text, for error messages.
    package let sql: String
    private let db: OpaquePointer
    private var handle: OpaquePointer?

    /// Prepares `sql` on connection `db`.
    package init(db: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(db: db, code: code, sql: sql)
        }
        self.db = db
        self.sql = sql
        self.handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Releases the statement now; it must not be used afterwards.
    package func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    /// Clears bindings and rewinds, so the statement can run again (and releases its read lock).
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding

    /// Binds an integer, or NULL.
    package func bind(_ index: Int32, _ value: Int64?) throws {
        try check(value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    /// Binds an integer, or NULL.
    package func bind(_ index: Int32, _ value: Int?) throws {
        try bind(index, value.map(Int64.init))
    }

    /// Binds a boolean as 0 or 1.
    package func bind(_ index: Int32, _ value: Bool) throws {
        try bind(index, Int64(value ? 1 : 0))
    }

    /// Binds a real, or NULL. SQLite stores NaN as NULL; `optionalDouble` reads it back as nil.
    package func bind(_ index: Int32, _ value: Double?) throws {
        try check(value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
    }

    /// Binds text (copied by SQLite), or NULL.
    package func bind(_ index: Int32, _ value: String?) throws {
        guard var value else { return try check(sqlite3_bind_null(handle, index)) }
        // Length-delimited, so an embedded NUL survives. An empty buffer may have no base
        // address, and a NULL pointer would bind SQL NULL instead of "".
        guard !value.isEmpty else { return try check(sqlite3_bind_text(handle, index, "", 0, satwatch_sqlite_transient())) }
        let code = value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                sqlite3_bind_text(handle, index, text.baseAddress, Int32(text.count), satwatch_sqlite_transient())
            }
        }
        try check(code)
    }

    /// Binds a blob (copied by SQLite); an empty one is a zero-length blob, not NULL.
    package func bind(_ index: Int32, bytes value: [UInt8]) throws {
        let code = value.withUnsafeBytes { buffer in
            // An empty array may have no base address, and a NULL pointer would bind SQL NULL.
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return sqlite3_bind_blob(handle, index, base, Int32(buffer.count), satwatch_sqlite_transient())
        }
        try check(code)
    }

    // MARK: Stepping

    /// Advances to the next row: true when a row is available, false when done.
    package func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(db: db, code: code, sql: sql)
        }
    }

    /// Runs the statement to completion and resets it; for INSERT/UPDATE/DELETE.
    package func execute() throws {
        defer { reset() }
        while try step() {}
    }

    /// Collects every row through `row` and resets the statement.
    package func query<Row>(_ row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        defer { reset() }
        var rows: [Row] = []
        while try step() { rows.append(try row(self)) }
        return rows
    }

    /// The first row through `row` (nil when there is none), then resets the statement.
    package func single<Row>(_ row: (SQLiteStatement) throws -> Row) throws -> Row? {
        defer { reset() }
        return try step() ? try row(self) : nil
    }

    // MARK: Columns

    /// Whether column `index` of the current row is NULL.
    package func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// An integer column (NULL reads as 0).
    package func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// An integer column, nil when NULL.
    package func optionalInt64(_ index: Int32) -> Int64? { isNull(index) ? nil : int64(index) }

    /// An integer column as `Int`.
    package func int(_ index: Int32) -> Int { Int(int64(index)) }

    /// A 0/1 column as a boolean.
    package func bool(_ index: Int32) -> Bool { int64(index) != 0 }

    /// A real column, NaN when NULL (SQLite stores a bound NaN as NULL).
    package func double(_ index: Int32) -> Double { optionalDouble(index) ?? .nan }

    /// A real column, nil when NULL.
    package func optionalDouble(_ index: Int32) -> Double? { isNull(index) ? nil : sqlite3_column_double(handle, index) }

    /// A text column ("" when NULL).
    package func string(_ index: Int32) -> String { optionalString(index) ?? "" }

    /// A text column, nil when NULL.
    package func optionalString(_ index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        // Length-delimited, so text with an embedded NUL survives the round trip.
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A blob column's bytes (empty when NULL).
    package func bytes(_ index: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let blob = sqlite3_column_blob(handle, index), count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }

    private func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw SQLiteError(db: db, code: code, sql: sql) }
    }
}
