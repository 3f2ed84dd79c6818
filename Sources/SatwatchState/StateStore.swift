/// The SQLite state file: rule states, latest metric values, and the durable outbox of
/// notifications waiting for delivery.
///
/// One owner uses an instance; it is deliberately not `Sendable`. The daemon opens one store for
/// the evaluator and another for the dispatcher on the same file: WAL lets one write while the
/// other reads, and the busy timeout serializes their writes. The store never reads the clock;
/// every time it writes is passed in.
package final class StateStore {
    /// The state file's path.
    package let path: String
    /// The connection; `package` so tests and tools in this package can inspect the file.
    package let connection: SQLiteConnection

    /// Closes the connection now (see `SQLiteConnection.close`); the store is not used again.
    package func close() { connection.close() }

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = connection
    }

    /// Opens the state file at `path`, creating it (and its parent directories) when missing and
    /// migrating it to the current schema.
    ///
    /// `autoCheckpointPages` is how large the write-ahead log may grow (in 4 KiB pages) before a
    /// `commit` on this store also checkpoints it, which costs a few fsyncs (milliseconds). The
    /// default suits a store used alone. The daemon's evaluator can pass 0 (or a large safety
    /// cap) and let the dispatcher's store call `checkpoint()` when idle, which keeps that cost
    /// off the evaluator's commit path.
    ///
    /// - Throws: `StateStoreError` naming the path when the directory cannot be created, the file
    ///   cannot be opened or is not a usable database, or its schema is newer than this build's.
    package static func open(path: String, autoCheckpointPages: Int = 1000) throws -> StateStore {
        try ParentDirectory.create(for: path)
        do {
            let connection = try SQLiteConnection(path: path)
            connection.setAutoCheckpoint(pages: autoCheckpointPages)
            try StateSchema.migrate(connection)
            return StateStore(path: path, connection: connection)
        } catch let error as SQLiteError {
            throw StateStoreError(path: path, error)
        }
    }

    /// The schema version of the open file.
    package func schemaVersion() throws -> Int64 {
        try connection.integerPragma("user_version")
    }
}

/// Not `Sendable`: a store and its connection belong to one owner (see the type's docs).
@available(*, unavailable)
extension StateStore: Sendable {}
