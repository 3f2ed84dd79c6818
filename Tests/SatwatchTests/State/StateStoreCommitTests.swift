@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import SQLiteKit
import Testing

@Suite("StateStore commit and round trips")
struct StateStoreCommitTests {
    static let notifications: [Notification] = {
        var reminder = StateFixtures.notification("0000000000000001", labels: [])
        reminder.isReminder = true
        var resolved = StateFixtures.notification("custom id ✓", status: .resolved, at: -5,
                                                  channels: ["z", "a", "m"],
                                                  labels: [Label("team", "ops"), Label("empty", ""), Label("é", "line\nbreak")])
        resolved.value = 0.1 + 0.2
        resolved.threshold = -.infinity
        resolved.message = ""
        resolved.startsAt = Timestamp(milliseconds: Int64.max)
        var tiny = StateFixtures.notification("tiny", channels: ["only"])
        tiny.value = .leastNonzeroMagnitude
        tiny.threshold = -1e300
        tiny.message = "nul \u{0} inside, emoji 🚀"
        return [StateFixtures.notification("plain"), reminder, resolved, tiny]
    }()

    @Test(arguments: notifications)
    func notificationRoundTripsExactly(_ notification: Notification) throws {
        let directory = try StateTestDirectory()
        try StateTestDirectory.roundTrip(notification, path: directory.path("state.db"))
    }

    @Test func notANumberIsStoredAndReadBackAsNaN() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var notification = StateFixtures.notification("nan")
        notification.value = .nan
        try store.commit([StateFixtures.change("a", notification: notification)], at: StateFixtures.at(1))
        let loaded = try #require(try store.outbox.notification(id: "nan"))
        #expect(loaded.value.isNaN)
        #expect(loaded.threshold == notification.threshold)
    }

    @Test func ruleStatesRoundTripExactly() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let states: [String: RuleState] = [
            "fresh": RuleState(digest: "d0"),
            "pending": RuleState(status: .pending, activeSince: StateFixtures.at(5), firedAt: nil, lastNotifiedAt: nil,
                                 lastValue: -0.5, lastObservedAt: StateFixtures.at(6), digest: "d1"),
            "firing": RuleState(status: .firing, activeSince: StateFixtures.at(-1), firedAt: StateFixtures.at(2),
                                lastNotifiedAt: StateFixtures.at(3), lastValue: 1e308, lastObservedAt: StateFixtures.at(4),
                                digest: "d2"),
        ]
        try StateStore.open(path: path).ruleStates.save(states, at: StateFixtures.at(10))
        #expect(try StateStore.open(path: path).ruleStates.load() == states)

        // A later save replaces (not duplicates) a rule's state.
        var changed = states
        changed["firing"] = RuleState(digest: "d3")
        try StateStore.open(path: path).ruleStates.save(["firing": RuleState(digest: "d3")], at: StateFixtures.at(11))
        #expect(try StateStore.open(path: path).ruleStates.load() == changed)
    }

    @Test func metricsKeepTheNewestValuePerMetricAndSource() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        try store.latestValues.save([
            Sample(metric: "btc.usd", value: 100, at: StateFixtures.at(10), source: "kraken"),
            Sample(metric: "btc.usd", value: 101, at: StateFixtures.at(10), source: "coinbase"),
            Sample(metric: "fee.fastest", value: 12, at: StateFixtures.at(10), source: "mempool"),
        ])
        try store.latestValues.save([
            Sample(metric: "btc.usd", value: 99, at: StateFixtures.at(5), source: "kraken"),
            Sample(metric: "fee.fastest", value: 15, at: StateFixtures.at(20), source: "mempool"),
        ])
        #expect(try store.latestValues.load() == [
            Sample(metric: "btc.usd", value: 101, at: StateFixtures.at(10), source: "coinbase"),
            Sample(metric: "btc.usd", value: 100, at: StateFixtures.at(10), source: "kraken"),
            Sample(metric: "fee.fastest", value: 15, at: StateFixtures.at(20), source: "mempool"),
        ])
    }

    @Test func commitThatFailsMidwayLeavesNeitherStateNorOutbox() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        // The second change's second delivery hits a constraint failure, after the first change
        // and part of the second were already written inside the transaction.
        try store.connection.execute("""
            CREATE TRIGGER refuse_boom BEFORE INSERT ON outbox WHEN NEW.channel = 'boom'
            BEGIN SELECT RAISE(ABORT, 'forced failure'); END;
            """)
        let first = StateFixtures.change("a", notification: StateFixtures.notification("n-a", rule: "a", channels: ["mail"]))
        let second = StateFixtures.change("b", notification: StateFixtures.notification("n-b", rule: "b", channels: ["mail", "boom"]))

        let error = #expect(throws: SQLiteError.self) { try store.commit([first, second], at: StateFixtures.at(1_000)) }
        #expect(error?.primaryCode == 19)  // SQLITE_CONSTRAINT
        #expect(error?.description.contains("forced failure") == true)
        #expect(error?.description.contains("INSERT INTO outbox") == true)

        #expect(try store.ruleStates.load().isEmpty)
        #expect(try store.outbox.counts().isEmpty)
        #expect(try store.outbox.notification(id: "n-a") == nil)
        #expect(try store.outbox.notification(id: "n-b") == nil)
        #expect(store.connection.isAutocommit)

        // The store is usable afterwards and commits the good change alone.
        try store.commit([first], at: StateFixtures.at(2_000))
        #expect(try store.ruleStates.load().keys.sorted() == ["a"])
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(pending: 1)])
    }

    @Test func recommittingTheSameNotificationAddsNothing() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let change = StateFixtures.change("a", notification: StateFixtures.notification("same", rule: "a"))
        try store.commit([change], at: StateFixtures.at(1_000))
        try store.commit([change, change], at: StateFixtures.at(2_000))
        #expect(try store.outbox.counts() == ["mail": OutboxCounts(pending: 1), "hook": OutboxCounts(pending: 1)])
        #expect(try ["mail", "hook"].flatMap { try store.outbox.deliverable(channel: $0, now: StateFixtures.at(1_000), limit: 10) }
                    .map(\.createdAt) == [StateFixtures.at(1_000), StateFixtures.at(1_000)])
    }

    @Test func emptyCommitWritesNothing() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        try store.commit([], at: StateFixtures.at(1))
        #expect(try store.ruleStates.load().isEmpty)
        #expect(try store.outbox.nextDue(channel: "mail") == nil)
    }
}

extension StateTestDirectory {
    /// Commits `notification`, reopens the file and checks it comes back field for field, both
    /// by id and inside its outbox entries.
    static func roundTrip(_ notification: Notification, path: String) throws {
        try StateStore.open(path: path).commit([StateFixtures.change(notification.rule, notification: notification)],
                                               at: StateFixtures.at(1_000))
        let store = try StateStore.open(path: path)
        let loaded = try #require(try store.outbox.notification(id: notification.id))
        #expect(loaded == notification)
        #expect(loaded.id == notification.id)
        #expect(loaded.labels == notification.labels)
        #expect(loaded.channels == notification.channels)
        let entries = try store.outbox.pendingEntries(channel: notification.channels[0])
        #expect(entries.map(\.notification) == [notification])
        #expect(entries.map(\.state) == [.pending])
        #expect(entries.map(\.attempts) == [0])
        #expect(entries.map(\.nextAttemptAt) == [StateFixtures.at(1_000)])
    }
}
