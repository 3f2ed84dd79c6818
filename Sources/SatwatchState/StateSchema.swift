import SQLiteKit
/// The state file's schema: its ordered migrations and how they are applied.
package enum StateSchema {
    /// Every migration, in order; the last one's version is what this build writes.
    package static let migrations: [SchemaMigration] = [version1, version2, version3, version4, version5, version6, version7,
                                                           version8, version9, version11, version12]

    /// The newest schema version this build knows.
    package static var currentVersion: Int64 { migrations.last?.version ?? 0 }

    /// Brings the file open on `connection` up to the last of `migrations`, one transaction per
    /// step; refuses a file whose version is newer than the last step.
    ///
    /// The version is re-read inside each step's write transaction, so two processes opening a
    /// fresh file at once do not both apply a step: the second waits, then sees it done.
    package static func migrate(_ connection: SQLiteConnection, migrations: [SchemaMigration] = migrations) throws {
        let known = migrations.last?.version ?? 0
        let found = try connection.integerPragma("user_version")
        if found > known { throw StateStoreError.newerSchema(path: connection.path, found: found, known: known) }
        for step in migrations where step.version > found {
            if let outside = step.outsideTransaction { try connection.execute(outside) }
            try connection.transaction {
                let current = try connection.integerPragma("user_version")
                if current > known {
                    throw StateStoreError.newerSchema(path: connection.path, found: current, known: known)
                }
                guard current < step.version else { return }
                try connection.execute(step.sql)
                try connection.execute("PRAGMA user_version = \(step.version)")
            }
        }
    }

    /// Rule states, latest metric values, notifications with their labels, and the outbox of
    /// per-channel deliveries. Times are integer milliseconds since the epoch. A notification's
    /// channels are its outbox rows in id order, so they are not stored twice.
    ///
    /// Sized for the commit path: tables keyed by text are WITHOUT ROWID (one B-tree to write,
    /// not two), and `outbox.id` is a plain INTEGER PRIMARY KEY: a new row still gets an id above
    /// every existing row, which is all the per-channel order needs, without AUTOINCREMENT's
    /// extra `sqlite_sequence` page write per commit.
    package static let version1 = SchemaMigration(version: 1, sql: """
        CREATE TABLE rule_state (
            name TEXT PRIMARY KEY NOT NULL,
            digest TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('inactive', 'pending', 'firing')),
            active_since INTEGER,
            fired_at INTEGER,
            last_notified_at INTEGER,
            last_value REAL,
            last_observed_at INTEGER,
            updated_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE metric_latest (
            metric TEXT NOT NULL,
            source TEXT NOT NULL,
            value REAL,
            at INTEGER NOT NULL,
            PRIMARY KEY (metric, source)
        ) WITHOUT ROWID;
        CREATE TABLE notification (
            id TEXT PRIMARY KEY NOT NULL,
            rule TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('firing', 'resolved')),
            is_reminder INTEGER NOT NULL CHECK (is_reminder IN (0, 1)),
            metric TEXT NOT NULL,
            value REAL,
            threshold REAL,
            at INTEGER NOT NULL,
            starts_at INTEGER NOT NULL,
            message TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE notification_label (
            notification_id TEXT NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (notification_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE outbox (
            id INTEGER PRIMARY KEY,
            notification_id TEXT NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
            channel TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'dead')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            last_error TEXT,
            UNIQUE (notification_id, channel)
        );
        CREATE INDEX outbox_due ON outbox (state, channel, next_attempt_at);
        """)

    /// `change` rules' recent values, so a restart does not leave them blind for `within`.
    /// `key` is the metric, or `metric@source` for a rule pinned to a source.
    package static let version2 = SchemaMigration(version: 2, sql: """
        CREATE TABLE change_history (
            key TEXT NOT NULL,
            at INTEGER NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (key, at)
        ) WITHOUT ROWID;
        """)

    /// Incremental auto-vacuum, so pruning can give free pages back to the file system
    /// (`StateStore.returnFreePages`). On a file that already has tables the setting only takes
    /// effect through one `VACUUM`, which rewrites the file (once, seconds for a large one).
    package static let version3 = SchemaMigration(version: 3, sql: "",
                                                  outsideTransaction: "PRAGMA auto_vacuum = INCREMENTAL; VACUUM")

    /// Version 2 of the product: rule conditions that remember something between samples
    /// (`RuleState.memory`, the open candle, `once` spent, what the rule waits for), the values a
    /// notification involved (`observed_values`, JSON `[["btc.usd",92000.5],…]`), and the daily
    /// closes that windows of a day or more read (`daily_close`, `key` as in `change_history`,
    /// `day` = whole UTC days since the epoch). Added columns are nullable or defaulted, so rows
    /// written before keep their meaning: nothing remembered, not spent, no values listed.
    package static let version4 = SchemaMigration(version: 4, sql: """
        ALTER TABLE rule_state ADD COLUMN memory REAL;
        ALTER TABLE rule_state ADD COLUMN candle_start INTEGER;
        ALTER TABLE rule_state ADD COLUMN candle_close REAL;
        ALTER TABLE rule_state ADD COLUMN spent INTEGER NOT NULL DEFAULT 0 CHECK (spent IN (0, 1));
        ALTER TABLE rule_state ADD COLUMN waiting TEXT;
        ALTER TABLE notification ADD COLUMN observed_values TEXT;
        CREATE TABLE daily_close (
            key TEXT NOT NULL,
            day INTEGER NOT NULL,
            value REAL NOT NULL,
            PRIMARY KEY (key, day)
        ) WITHOUT ROWID;
        """)

    /// Silences (`satwatch silence`), and an outbox whose entries may be `silenced` or `muted`
    /// and held in a quiet window (`held_until`): SQLite cannot change a CHECK constraint in
    /// place, so the table is rebuilt with its rows and ids.
    package static let version5 = SchemaMigration(version: 5, sql: """
        CREATE TABLE silence (
            id TEXT PRIMARY KEY NOT NULL,
            matchers TEXT NOT NULL,
            starts_at INTEGER NOT NULL,
            ends_at INTEGER NOT NULL,
            comment TEXT NOT NULL,
            author TEXT NOT NULL,
            created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE outbox_v5 (
            id INTEGER PRIMARY KEY,
            notification_id TEXT NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
            channel TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'dead', 'silenced', 'muted')),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            last_error TEXT,
            held_until INTEGER,
            UNIQUE (notification_id, channel)
        );
        INSERT INTO outbox_v5 (id, notification_id, channel, state, attempts, next_attempt_at, created_at, updated_at, last_error)
            SELECT id, notification_id, channel, state, attempts, next_attempt_at, created_at, updated_at, last_error FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v5 RENAME TO outbox;
        CREATE INDEX outbox_due ON outbox (state, channel, next_attempt_at);
        """)

    /// Grouped delivery (a channel's `"group"`): the entries sent as one message share a batch,
    /// the outbox id of its first member, so a retry resends the same members under the same id.
    package static let version6 = SchemaMigration(version: 6, sql: "ALTER TABLE outbox ADD COLUMN batch INTEGER;")

    /// The page's metric series and the key its links are signed with. `series` holds each
    /// metric's last 24 h a row a minute (`key` = `metric@source`, `minute` = whole UTC minutes
    /// since the epoch, `value` the minute's last; `min`/`max` NULL when they equal `value`, as
    /// in a minute of one sample, to keep the rows short). Keyed by minute first: each minute's
    /// flush appends at the end of the B-tree and pruning cuts its start, a few pages a minute,
    /// where keying by metric first would rewrite a page per metric (measured: 7 against 135
    /// WAL pages a flush for 100 metrics). `secret` holds named random keys made on first use
    /// (`StateStore.signingKey()`).
    package static let version7 = SchemaMigration(version: 7, sql: """
        CREATE TABLE series (
            key TEXT NOT NULL,
            minute INTEGER NOT NULL,
            value REAL NOT NULL,
            min REAL,
            max REAL,
            PRIMARY KEY (minute, key)
        ) WITHOUT ROWID;
        CREATE TABLE secret (
            name TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL
        ) WITHOUT ROWID;
        """)

    /// Each rule's event sequence (`RuleState.sequence`), part of every notification id, so that
    /// events in the same millisecond never share one. Rows written before start at 0: their old
    /// ids were derived without a sequence, so the new ones cannot repeat them.
    package static let version8 = SchemaMigration(version: 8, sql: """
        ALTER TABLE rule_state ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
        """)

    /// Version 3's delivery pipeline: entries keep their order per channel and alert, so each
    /// names its alert (`alert`, the rule; filled in from the notification); a stage that keeps
    /// an entry from its channel writes why as its state (`silenced`, `muted`, or a kind a later
    /// stage adds, with no schema change), and a held entry says why it waits (`hold_kind`, with
    /// `held_until`). SQLite cannot change a CHECK constraint in place, so the table is rebuilt
    /// with its rows and ids, as version 5 did. `outbox_due` finds an alert's entries in order;
    /// `outbox_queue` (the row id follows channel and state in it) reads a channel's pending
    /// entries in queue order without sorting them all for each message.
    package static let version9 = SchemaMigration(version: 9, sql: """
        CREATE TABLE outbox_v9 (
            id INTEGER PRIMARY KEY,
            notification_id TEXT NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
            channel TEXT NOT NULL,
            alert TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state <> ''),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            last_error TEXT,
            held_until INTEGER,
            hold_kind TEXT,
            batch INTEGER,
            UNIQUE (notification_id, channel)
        );
        INSERT INTO outbox_v9 (id, notification_id, channel, alert, state, attempts, next_attempt_at, created_at, updated_at,
                               last_error, held_until, hold_kind, batch)
            SELECT o.id, o.notification_id, o.channel, n.rule, o.state, o.attempts, o.next_attempt_at, o.created_at,
                   o.updated_at, o.last_error, o.held_until,
                   CASE WHEN o.held_until IS NOT NULL AND o.state = 'pending' THEN 'muted' END, o.batch
            FROM outbox o JOIN notification n ON n.id = o.notification_id;
        DROP TABLE outbox;
        ALTER TABLE outbox_v9 RENAME TO outbox;
        CREATE INDEX outbox_due ON outbox (channel, state, alert, id);
        CREATE INDEX outbox_queue ON outbox (channel, state);
        """)

    /// The news items the rules have seen (`NewsSeenStore`): per source, each item's id (its
    /// guid, else its link) and when a poll last saw it (milliseconds), so a restart announces
    /// no headline twice. Kept to the most recently seen ids per source, and only for sources
    /// still configured. (Version 10 is another change's.)
    package static let version11 = SchemaMigration(version: 11, sql: """
        CREATE TABLE news_seen (
            source TEXT NOT NULL,
            id TEXT NOT NULL,
            seen_at INTEGER NOT NULL,
            PRIMARY KEY (source, id)
        ) WITHOUT ROWID;
        """)

    /// The worker's last rejected reload (`ReloadRejectionStore`): when, and its first problem,
    /// so `status` says so until a reload succeeds (one row at most); and the values a compound
    /// rule decided on (`RuleState.decidedValues`, as `StoredObservedValues` writes them), so
    /// `status` shows them all.
    package static let version12 = SchemaMigration(version: 12, sql: """
        CREATE TABLE reload_rejection (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            at INTEGER NOT NULL,
            problem TEXT NOT NULL
        );
        ALTER TABLE rule_state ADD COLUMN decided_values TEXT;
        """)
}
