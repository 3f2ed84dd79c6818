import CSQLite

extension SQLiteConnection {
    /// Runs `body` in one write transaction: `BEGIN IMMEDIATE` (takes the write lock up front, so
    /// a second connection waits on the busy timeout instead of failing at its first write),
    /// `COMMIT` when `body` returns, `ROLLBACK` when it throws. Called inside an open
    /// transaction, `body` simply joins it and the outermost call decides.
    package func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try inTransaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction (`BEGIN DEFERRED`), so that several queries see the
    /// same snapshot of the file while another connection writes.
    package func snapshot<Result>(_ body: () throws -> Result) throws -> Result {
        try inTransaction(begin: "BEGIN DEFERRED", body)
    }

    /// `begin`, then `body`, then COMMIT, or ROLLBACK when `body` throws; inside an open
    /// transaction `body` just joins it.
    private func inTransaction<Result>(begin: String, _ body: () throws -> Result) throws -> Result {
        guard isAutocommit else { return try body() }
        try cached(begin).execute()
        let result: Result
        do {
            result = try body()
            try cached("COMMIT").execute()
        } catch {
            rollback()
            throw error
        }
        return result
    }

    /// Rolls back the open transaction, if any. SQLite already rolls back by itself after some
    /// errors (e.g. disk full); a second ROLLBACK would then only fail, so it is skipped.
    private func rollback() {
        guard !isAutocommit else { return }
        // The original error is the one worth reporting; a failing ROLLBACK leaves the
        // connection to SQLite's own recovery at the next statement.
        try? cached("ROLLBACK").execute()
    }
}
