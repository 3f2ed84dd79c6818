import SatwatchBase
import SQLiteKit

/// The worker's last rejected reload (`reload_rejection`): when it was, and its first problem.
/// The worker records it when a reload is refused and clears it when one succeeds (or it starts
/// on a valid config), so `status`, which reads only the state file, says so meanwhile.
package struct ReloadRejectionStore {
    let connection: SQLiteConnection

    /// A rejected reload as stored.
    package struct Rejection: Sendable, Equatable {
        /// When the reload was refused.
        package var at: Timestamp
        /// Its first problem, as `check` prints it.
        package var problem: String

        /// Creates a rejection.
        package init(at: Timestamp, problem: String) {
            self.at = at
            self.problem = problem
        }
    }

    /// Records `rejection`, replacing the one before.
    package func record(_ rejection: Rejection) throws {
        let upsert = try connection.cached("INSERT OR REPLACE INTO reload_rejection (id, at, problem) VALUES (1, ?1, ?2)")
        try upsert.bind(1, rejection.at)
        try upsert.bind(2, rejection.problem)
        try upsert.execute()
    }

    /// Forgets it: the config loaded since.
    package func clear() throws {
        try connection.cached("DELETE FROM reload_rejection").execute()
    }

    /// The last rejected reload, unless one succeeded since.
    package func load() throws -> Rejection? {
        try connection.cached("SELECT at, problem FROM reload_rejection WHERE id = 1").single { row in
            Rejection(at: row.timestamp(0), problem: row.string(1))
        }
    }
}
