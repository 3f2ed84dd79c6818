/// One step of the state file's schema history: the SQL that takes a file from `version - 1`
/// to `version`. Steps are never edited once released; a change is a new step.
package struct SchemaMigration: Sendable {
    /// The `PRAGMA user_version` the file has after this step.
    package var version: Int64
    /// The statements of the step, `;`-separated.
    package var sql: String
    /// Statements run before the step's transaction, outside any (`VACUUM` cannot run inside
    /// one). A crash between them and the step's commit runs them again at the next open, so
    /// they must be idempotent.
    package var outsideTransaction: String?

    /// Creates a step.
    package init(version: Int64, sql: String, outsideTransaction: String? = nil) {
        self.version = version
        self.sql = sql
        self.outsideTransaction = outsideTransaction
    }
}
