@testable import SatwatchRules
@testable import SatwatchState
import SQLiteKit
import Testing

/// Schema 4: what rule states remember, the values a notification lists, daily closes.
@Suite("State file schema 4")
struct StateVersion4Tests {
    /// A file written by schema 3 with a rule state and a delivered notification opens with its
    /// data, and its rows read as "nothing remembered, not spent, no values".
    @Test func aVersionThreeFileIsMigratedWithItsData() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = try SQLiteConnection(path: path)
        try StateSchema.migrate(old, migrations: [StateSchema.version1, StateSchema.version2, StateSchema.version3])
        try old.execute("""
            INSERT INTO rule_state (name, digest, status, active_since, fired_at, last_notified_at, last_value,
                                    last_observed_at, updated_at)
            VALUES ('r', 'd', 'firing', 1000, 2000, 2000, 5.5, 2500, 3000);
            INSERT INTO notification (id, rule, status, is_reminder, metric, value, threshold, at, starts_at, message, created_at)
            VALUES ('n1', 'r', 'firing', 0, 'btc.usd', 5.5, 5, 2000, 2000, 'm', 2000);
            INSERT INTO outbox (notification_id, channel, state, attempts, next_attempt_at, created_at, updated_at)
            VALUES ('n1', 'hook', 'sent', 1, 2000, 2000, 2100);
            INSERT INTO change_history VALUES ('btc.usd', 2500, 5.5);
            """)
        let store = try StateStore.open(path: path)
        #expect(try store.schemaVersion() == StateSchema.currentVersion)
        let expected = RuleState(status: .firing, activeSince: StateFixtures.at(1000), firedAt: StateFixtures.at(2000),
                                 lastNotifiedAt: StateFixtures.at(2000), lastValue: 5.5,
                                 lastObservedAt: StateFixtures.at(2500), digest: "d")
        #expect(try store.ruleStates.load() == ["r": expected])
        let notification = try #require(try store.outbox.notification(id: "n1"))
        #expect(notification.values == [])
        #expect(notification.channels == ["hook"])
        #expect(try store.changeHistory.load() == ["btc.usd": [HistoryPoint(at: StateFixtures.at(2500), value: 5.5)]])
        #expect(try store.dailyCloses.load().isEmpty)
        let columns = try store.connection.prepare("SELECT name FROM pragma_table_info('rule_state') ORDER BY cid")
            .query { $0.string(0) }
        #expect(Array(columns.drop { $0 != "memory" }.prefix(5)) == ["memory", "candle_start", "candle_close", "spent", "waiting"])
    }

    static let states: [String: RuleState] = {
        var crossing = RuleState(digest: "c")
        crossing.memory = -1
        var candle = RuleState(status: .pending, activeSince: StateFixtures.at(5), firedAt: nil, lastNotifiedAt: nil,
                               lastValue: 3, lastObservedAt: StateFixtures.at(6), digest: "k")
        candle.candleStart = StateFixtures.at(3_600_000)
        candle.candleClose = 92_000.125
        candle.memory = 0.1 + 0.2
        var spent = RuleState(digest: "s")
        spent.isSpent = true
        var waiting = RuleState(digest: "w")
        waiting.waiting = "sma(btc.usd, 200d) needs 200 daily closes, has 12 — \"ü\"\nsecond line"
        return ["fresh": RuleState(digest: "f"), "crossing": crossing, "candle": candle, "spent": spent, "waiting": waiting]
    }()

    @Test func newRuleStateFieldsRoundTrip() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        try StateStore.open(path: path).ruleStates.save(Self.states, at: StateFixtures.at(10))
        #expect(try StateStore.open(path: path).ruleStates.load() == Self.states)
        // The commit path writes them too, and an update clears what the new state no longer has.
        let store = try StateStore.open(path: path)
        try store.commit([RuleChange(rule: "spent", state: Self.states["candle"]!, notification: nil),
                          RuleChange(rule: "candle", state: RuleState(digest: "k"), notification: nil)], at: StateFixtures.at(11))
        let loaded = try StateStore.open(path: path).ruleStates.load()
        #expect(loaded["spent"] == Self.states["candle"])
        #expect(loaded["candle"] == RuleState(digest: "k"))
    }

    static let values: [ObservedValue] = [
        ObservedValue("btc.usd", 92_000.5), ObservedValue("sma(btc.usd, 200d)", 0.1 + 0.2),
        ObservedValue("max(btc.usd, 30d) * 0.8", -1e-300), ObservedValue("quote \" back\\slash\nline\u{0}", 1e300),
        ObservedValue("ü 🚀", .leastNonzeroMagnitude), ObservedValue("", .infinity), ObservedValue("[[\"x\",1]]", -.infinity),
        ObservedValue("whole", 100_000), ObservedValue("big", 1.2345678901234568e17),
    ]

    @Test func notificationValuesSurviveCommitAndDelivery() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        var notification = StateFixtures.notification("with-values")
        notification.values = Self.values
        try StateTestDirectory.roundTrip(notification, path: path)
        let store = try StateStore.open(path: path)
        for entry in try store.outbox.pendingEntries(channel: "mail") { #expect(try store.outbox.markSent(id: entry.id, at: StateFixtures.at(2_000))) }
        let delivered = try store.outbox.entries(states: [.sent], limit: 10)
        #expect(delivered.map(\.notification.values) == [Self.values])
    }

    @Test func notANumberAmongTheValuesComesBackAsNaN() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var notification = StateFixtures.notification("nan-values")
        notification.values = [ObservedValue("a", .nan), ObservedValue("b", 1)]
        try store.commit([StateFixtures.change("a", notification: notification)], at: StateFixtures.at(1))
        let loaded = try #require(try store.outbox.notification(id: "nan-values")).values
        #expect(loaded.map(\.name) == ["a", "b"])
        #expect(loaded[0].value.isNaN)
        #expect(loaded[1].value == 1)
    }

    @Test(arguments: [
        ([], nil),
        ([ObservedValue("btc.usd", 92_000.5)], #"[["btc.usd",92000.5]]"#),
        ([ObservedValue("a,b", 1), ObservedValue("c", -.infinity)], #"[["a,b",1],["c","-inf"]]"#),
    ] as [([ObservedValue], String?)])
    func observedValuesAreStoredCompactly(_ values: [ObservedValue], _ text: String?) throws {
        #expect(StoredObservedValues.text(values) == text)
        #expect(try StoredObservedValues.values(text) == values)
    }

    @Test(arguments: ["", "{}", "[1]", #"[["a"]]"#, #"[["a",1,2]]"#, #"[[1,1]]"#, #"[["a","x"]]"#, #"[["a",null]]"#, "[[\"a\",1]"])
    func observedValuesThisBuildDidNotWriteAreCorrupt(_ text: String) {
        #expect(throws: SQLiteError.self) { try StoredObservedValues.values(text) }
    }
}
