import Foundation
@testable import SatwatchRules
@testable import SatwatchState
import SQLiteKit
import Testing

@Suite("State file schema and opening")
struct StateSchemaTests {
    @Test func freshFileGetsCurrentVersionAndConnectionSettings() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(StateSchema.currentVersion == 12)
        #expect(try store.connection.integerPragma("auto_vacuum") == 2)  // INCREMENTAL
        #expect(try store.connection.textPragma("journal_mode") == "wal")
        #expect(try store.connection.integerPragma("synchronous") == 1)  // NORMAL
        #expect(try store.connection.integerPragma("foreign_keys") == 1)
        #expect(try store.connection.integerPragma("busy_timeout") == 5_000)
        let tables = try store.connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .query { $0.string(0) }
        #expect(tables == ["change_history", "daily_close", "metric_latest", "news_seen", "notification", "notification_label",
                           "outbox", "reload_rejection", "rule_state", "secret", "series", "silence"])
    }

    /// A state file written by the first release (schema 1) opens with its data and gains the
    /// `change` history table.
    @Test func aVersionOneFileIsMigratedWithItsData() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: [StateSchema.version1])
        try old.execute("""
            INSERT INTO rule_state (name, digest, status, updated_at) VALUES ('r', 'd', 'inactive', 1000)
            """)
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(try store.ruleStates.load().keys.sorted() == ["r"])
        try store.changeHistory.save(["btc.usd": [HistoryPoint(at: StateFixtures.at(1), value: 1)]], keepingFrom: [:])
        #expect(try store.changeHistory.load() == ["btc.usd": [HistoryPoint(at: StateFixtures.at(1), value: 1)]])
    }

    /// A version-2 file full of deliveries is rewritten once (VACUUM) to incremental
    /// auto-vacuum, keeping every row; reopening does not rewrite it again.
    @Test func aVersionTwoFileWithDataGainsIncrementalVacuum() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: [StateSchema.version1, StateSchema.version2])
        #expect(try old.integerPragma("auto_vacuum") == 0)
        try old.execute("""
            INSERT INTO notification (id, rule, status, is_reminder, metric, value, threshold, at, starts_at, message, created_at)
            VALUES ('n1', 'r', 'firing', 0, 'btc.usd', 1, 0, 1000, 1000, 'm', 1000);
            INSERT INTO notification_label VALUES ('n1', 0, 'severity', 'page');
            INSERT INTO outbox (notification_id, channel, state, attempts, next_attempt_at, created_at, updated_at)
            VALUES ('n1', 'hook', 'pending', 0, 1000, 1000, 1000), ('n1', 'mail', 'sent', 1, 1000, 1000, 2000);
            """)
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(try store.connection.integerPragma("auto_vacuum") == 2)
        #expect(try store.outbox.counts() == ["hook": OutboxCounts(pending: 1), "mail": OutboxCounts(sent: 1)])
        #expect(try store.outbox.notification(id: "n1")?.labels == [Label("severity", "page")])
        #expect(try store.outbox.notification(id: "n1")?.channels == ["hook", "mail"])
        #expect(try StateStore.open(path: path).schemaVersion() == StateSchema.currentVersion)
    }

    /// A version-9 file (main's last before this one; 10 is another change's) gains the news
    /// items table with its data kept; the items seen are stored with a step's changes, trimmed,
    /// and forgotten for sources no longer configured.
    @Test func aVersionNineFileGainsTheNewsItemsSeen() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: Array(StateSchema.migrations.prefix { $0.version <= 9 }))
        #expect(try old.integerPragma("user_version") == 9)
        try old.execute("INSERT INTO rule_state (name, digest, status, updated_at) VALUES ('r', 'd', 'inactive', 1000)")
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(try store.ruleStates.load().keys.sorted() == ["r"])
        try store.commit([], headlines: HeadlineRecord(seen: ["wire": ["a": StateFixtures.at(1), "b": StateFixtures.at(2)],
                                                                 "old": ["x": StateFixtures.at(1)]]), at: StateFixtures.at(2))
        try store.commit([], headlines: HeadlineRecord(seen: ["wire": ["c": StateFixtures.at(3)]], oldestKept: ["wire": StateFixtures.at(2)]),
                         at: StateFixtures.at(3))
        #expect(try store.newsSeen.load() == ["wire": ["b": StateFixtures.at(2), "c": StateFixtures.at(3)], "old": ["x": StateFixtures.at(1)]])
        try store.newsSeen.forget(keeping: ["wire"])
        #expect(try StateStore.open(path: path).newsSeen.load().keys.sorted() == ["wire"])
    }

    /// A version-11 file gains the last rejected reload: one row at most, the newest kept,
    /// gone once cleared, read back by another connection (as `status` reads it).
    @Test func aVersionElevenFileGainsTheLastRejectedReload() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: Array(StateSchema.migrations.prefix { $0.version <= 11 }))
        let store = try StateStore.open(path: path)
        #expect(try store.reloadRejection.load() == nil)
        let first = ReloadRejectionStore.Rejection(at: StateFixtures.at(1), problem: "rules/a.json:1:9: unexpected character ']'")
        let second = ReloadRejectionStore.Rejection(at: StateFixtures.at(2), problem: "rules/b.json:2:3: unknown key \"abve\"")
        try store.reloadRejection.record(first)
        try store.reloadRejection.record(second)
        #expect(try StateStore.open(path: path).reloadRejection.load() == second)
        try store.reloadRejection.clear()
        #expect(try StateStore.open(path: path).reloadRejection.load() == nil)
        // And a compound rule's decided values, kept with its state.
        var state = RuleState(digest: "d")
        state.decidedValues = [ObservedValue("btc.usd", 95000.5), ObservedValue("fee.economy", 3)]
        try store.ruleStates.save(["both": state, "one": RuleState(digest: "e")], at: StateFixtures.at(3))
        #expect(try StateStore.open(path: path).ruleStates.load() == ["both": state, "one": RuleState(digest: "e")])
    }

    @Test func reopeningKeepsDataAndVersion() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        try StateStore.open(path: path).ruleStates.save(["r": RuleState(digest: "d")], at: StateFixtures.at(1))
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        #expect(try store.ruleStates.load() == ["r": RuleState(digest: "d")])
    }

    @Test func newerSchemaIsRefusedWithAClearMessage() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        try StateStore.open(path: path).connection.execute("PRAGMA user_version = \(StateSchema.currentVersion + 1)")
        let error = #expect(throws: StateStoreError.self) { try StateStore.open(path: path) }
        let known = StateSchema.currentVersion
        #expect(error?.description == "state file \(path) has schema version \(known + 1); this satwatch knows up to \(known)")
    }

    @Test func migrationsApplyInOrderAndAFailingStepChangesNothing() throws {
        let directory = try StateTestDirectory()
        let connection = try SQLiteConnection(path: directory.path("state.db"))
        let first = SchemaMigration(version: 1, sql: "CREATE TABLE a (x INTEGER)")
        let second = SchemaMigration(version: 2, sql: "ALTER TABLE a ADD COLUMN y TEXT; INSERT INTO a VALUES (1, 'one')")
        let broken = SchemaMigration(version: 3, sql: "CREATE TABLE b (x); INSERT INTO missing VALUES (1)")

        try StateSchema.migrate(connection, migrations: [first])
        #expect(try connection.integerPragma("user_version") == 1)
        try StateSchema.migrate(connection, migrations: [first, second])
        #expect(try connection.integerPragma("user_version") == 2)
        #expect(try connection.prepare("SELECT y FROM a").single { $0.string(0) } == "one")

        let error = #expect(throws: SQLiteError.self) { try StateSchema.migrate(connection, migrations: [first, second, broken]) }
        #expect(error?.message.contains("no such table: missing") == true)
        #expect(try connection.integerPragma("user_version") == 2)
        #expect(try connection.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'b'").single { $0.int(0) } == 0)
        // Already applied steps are not run again.
        try StateSchema.migrate(connection, migrations: [first, second])
        #expect(try connection.prepare("SELECT count(*) FROM a").single { $0.int(0) } == 1)
    }

    @Test func missingParentDirectoriesAreCreated() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("data/deeper/state.db")
        _ = try StateStore.open(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    enum Unusable: String, CaseIterable, Sendable {
        case garbageFile, directoryAtPath, fileInPlaceOfDirectory
    }

    @Test(arguments: Unusable.allCases)
    func unusableFilesGiveAnErrorNamingThePath(_ kind: Unusable) throws {
        let directory = try StateTestDirectory()
        var path = directory.path("state.db")
        switch kind {
        case .garbageFile:
            try Data(repeating: 0x41, count: 8_192).write(to: URL(fileURLWithPath: path))
        case .directoryAtPath:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .fileInPlaceOfDirectory:
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("data")))
            path = directory.path("data/sub/state.db")
        }
        let error = #expect(throws: StateStoreError.self) { try StateStore.open(path: path) }
        #expect(error?.description.contains(path) == true)
        switch (kind, error) {
        case (.garbageFile, .damaged(_, let reason)?): #expect(reason == "file is not a database")
        case (.directoryAtPath, .unusable?): break
        case (.fileInPlaceOfDirectory, .cannotCreateDirectory(_, let made, let reason)?):
            #expect(made == directory.path("data/sub"))
            #expect(reason == "Not a directory")
        default: Issue.record("unexpected error \(String(describing: error))")
        }
    }

    /// The evaluator and the dispatcher each own a store on the same file and work at once.
    @Test func writerAndDispatcherWorkConcurrently() async throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        _ = try StateStore.open(path: path)
        let count = 300
        let writer = Task {
            let store = try StateStore.open(path: path)
            for index in 0..<count {
                let at = Int64(index)
                let notification = StateFixtures.notification("n\(index)", rule: "r\(index % 7)", at: at)
                try store.commit([StateFixtures.change("r\(index % 7)", notification: notification, at: at)], at: StateFixtures.at(at))
            }
        }
        let dispatcher = Task { () throws -> [String: [String]] in
            let store = try StateStore.open(path: path)
            var delivered: [String: [String]] = [:]
            let deadline = ContinuousClock.now + .seconds(60)
            while delivered.values.reduce(0, { $0 + $1.count }) < count * 2, ContinuousClock.now < deadline {
                let due = try ["mail", "hook"].flatMap { try store.outbox.deliverable(channel: $0, now: StateFixtures.at(Int64.max), limit: 10) }
                if due.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
                for entry in due {
                    #expect(try store.outbox.markSent(id: entry.id, at: StateFixtures.at(0)))
                    delivered[entry.channel, default: []].append(entry.notification.id)
                }
            }
            return delivered
        }
        try await writer.value
        let delivered = try await dispatcher.value
        let expected = (0..<count).map { "n\($0)" }
        #expect(delivered["mail"] == expected)
        #expect(delivered["hook"] == expected)
        let store = try StateStore.open(path: path)
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(sent: count), "hook": OutboxCounts(sent: count)])
        #expect(try store.ruleStates.load().count == 7)
    }
}
