import CSQLite
import FoundationEssentials

extension StateStore {
    /// Checks an existing state file with `PRAGMA quick_check` before anything uses it, through
    /// a read-only connection: the file is never migrated, checkpointed or otherwise rewritten,
    /// so a damaged one stays as it was for inspection. A missing file passes (it is created
    /// fresh on open).
    ///
    /// - Throws: `StateStoreError.damaged` with SQLite's first complaint when the file is not a
    ///   sound database; `.unusable` when it cannot be read at all (permissions, I/O error).
    package static func checkIntegrity(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            let connection = try SQLiteConnection(readOnly: path)
            let result = try connection.prepare("PRAGMA quick_check(1)").single { $0.string(0) } ?? "ok"
            guard result == "ok" else { throw StateStoreError.damaged(path: path, reason: firstProblem(result)) }
        } catch let error as SQLiteError {
            throw StateStoreError(path: path, error)
        }
    }

    /// The first line of a `quick_check` report that says something: the report opens with a
    /// `*** in database main ***` header line.
    static func firstProblem(_ report: String) -> String {
        let lines = report.split(separator: "\n").map(String.init)
        return lines.first { !$0.hasPrefix("*** in database") } ?? report
    }
}
