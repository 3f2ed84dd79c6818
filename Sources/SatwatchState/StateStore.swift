import CSQLite
import SatwatchBase
import SatwatchRules
import SQLiteKit

/// The SQLite state file: one connection, and one small store per table over it (the outbox,
/// rule states, latest values, histories, series, silences, secrets, the notification log and
/// maintenance). `commit` is the one write that spans two: a step's rule states and its
/// notifications, in one transaction.
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

    /// The outbox of deliveries, with the notifications they carry.
    package var outbox: OutboxStore { OutboxStore(connection: connection) }
    /// Each rule's persisted state.
    package var ruleStates: RuleStateStore { RuleStateStore(connection: connection) }
    /// The latest value of every metric per source.
    package var latestValues: LatestValueStore { LatestValueStore(connection: connection) }
    /// `change` rules' recent values.
    package var changeHistory: ChangeHistoryStore { ChangeHistoryStore(connection: connection) }
    /// The daily closes of windows of a day or more.
    package var dailyCloses: DailyCloseStore { DailyCloseStore(connection: connection) }
    /// The news items the rules have seen.
    package var newsSeen: NewsSeenStore { NewsSeenStore(connection: connection) }
    /// The page's metric series.
    package var series: SeriesStore { SeriesStore(connection: connection) }
    /// Silences.
    package var silences: SilenceStore { SilenceStore(connection: connection) }
    /// Named keys (the silence links' signing key).
    package var secrets: SecretStore { SecretStore(connection: connection) }
    /// Notifications with each channel's outcome.
    package var notificationLog: NotificationLogStore { NotificationLogStore(connection: connection) }
    /// The worker's last rejected reload.
    package var reloadRejection: ReloadRejectionStore { ReloadRejectionStore(connection: connection) }
    /// Pruning, free pages and checkpoints.
    package var maintenance: StoreMaintenance { StoreMaintenance(connection: connection) }

    /// Runs `body` in one write transaction (many entries' outcomes written at once).
    package func inTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.transaction(body)
    }

    /// The schema version of the open file.
    package func schemaVersion() throws -> Int64 {
        try connection.integerPragma("user_version")
    }
}

/// Not `Sendable`: a store and its connection belong to one owner (see the type's docs).
@available(*, unavailable)
extension StateStore: Sendable {}

extension StateStore {
    /// Commits one engine step in ONE transaction: every changed rule state, for each
    /// notification the notification itself plus one pending outbox delivery per channel, due
    /// at `now`, and the news items the step saw (`headlines`).
    ///
    /// This is the durability promise: after a crash the file holds either the state change and
    /// its deliveries, or neither, so a restart neither re-announces nor loses an alert; a
    /// headline is recorded as seen exactly when its notification is queued.
    /// Re-committing a notification adds nothing; a different event is never dropped (`enqueue`).
    package func commit(_ changes: [RuleChange], headlines: HeadlineRecord = HeadlineRecord(), at now: Timestamp) throws {
        guard !changes.isEmpty || !headlines.isEmpty else { return }
        try connection.transaction {
            for change in changes {
                try ruleStates.upsert(rule: change.rule, state: change.state, at: now)
                if let notification = change.notification { try outbox.enqueue(notification, at: now) }
            }
            try newsSeen.save(headlines)
        }
    }
}

extension StateStore {
    /// Checks an existing state file with `PRAGMA quick_check` before anything uses it, through
    /// a read-only connection: the file is never migrated, checkpointed or otherwise rewritten,
    /// so a damaged one stays as it was for inspection. A missing file passes (it is created
    /// fresh on open).
    ///
    /// - Throws: `StateStoreError.damaged` with SQLite's first complaint when the file is not a
    ///   sound database; `.unusable` when it cannot be read at all (permissions, I/O error).
    package static func checkIntegrity(path: String) throws {
        guard FileBytes.exists(path) else { return }
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
