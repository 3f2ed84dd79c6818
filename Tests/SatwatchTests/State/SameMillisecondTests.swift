@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// Every event the engine produces in one millisecond reaches the outbox: a burst of frames read
/// in one go is stamped with one receive time, and each of its transitions is a notification of
/// its own (the fault run lost 6 of 11 when the id was a hash of rule, status and times).
@Suite("Events in the same millisecond")
struct SameMillisecondTests {
    static let at = Timestamp(milliseconds: 1_790_000_000_000)

    static func rules() -> [Rule] {
        [Rule(name: "new-block", condition: NewValueCondition(metric: "block.height")),
         Rule(name: "fee-cross", condition: CrossingCondition(.crossesAbove, metric: "fee.fastest", level: Expression(constant: 10))),
         Rule(name: "fee-level", condition: .above(10, metric: "fee.fastest"))]
    }

    /// The fault run's burst: three block heights, then fees 20, 3, 21, 3, 22, all at one time.
    static let burst: [(String, Double)] = [("block.height", 927_700), ("block.height", 927_701), ("block.height", 927_702),
                                            ("fee.fastest", 20), ("fee.fastest", 3), ("fee.fastest", 21),
                                            ("fee.fastest", 3), ("fee.fastest", 22)]

    /// Runs the burst through an engine, committing each step to the state file as the worker
    /// does; returns what the engine produced.
    static func runBurst(into store: StateStore, engine: inout RuleEngine, at: Timestamp) throws -> [Notification] {
        var produced: [Notification] = []
        for (metric, value) in burst {
            let changes = engine.ingest(Sample(metric: metric, value: value, at: at, source: "mempool"))
            produced += changes.compactMap(\.notification)
            try store.commit(changes, at: at)
        }
        return produced
    }

    @Test func everyEventOfABurstIsQueuedInOrder() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var engine = RuleEngine(rules: Self.rules(), defaultChannels: ["hook"])
        let produced = try Self.runBurst(into: store, engine: &engine, at: Self.at)
        // new-block: 927701, 927702 (the first height only sets the memory); fee-cross: 20, 21, 22
        // (the first sample has a side already: 20 is above with nothing before it, so it does not
        // cross); fee-level: firing 20, resolved 3, firing 21, resolved 3, firing 22.
        #expect(produced.map(\.rule) == ["new-block", "new-block", "fee-level", "fee-level", "fee-cross",
                                         "fee-level", "fee-level", "fee-cross", "fee-level"])
        #expect(Set(produced.map(\.id)).count == produced.count, "each event has an id of its own")
        let queued = try store.outbox.pendingEntries(channel: "hook")
        #expect(queued.map(\.notification.id) == produced.map(\.id))
        #expect(queued.map(\.notification.value) == produced.map(\.value))
        #expect(queued.last?.notification.rule == "fee-level")
        #expect(queued.last?.notification.status == .firing)
    }

    @Test func idsStayDistinctAcrossARestart() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        var first = RuleEngine(rules: Self.rules(), defaultChannels: ["hook"])
        let before = try Self.runBurst(into: try StateStore.open(path: path), engine: &first, at: Self.at)
        // The same burst again after a restart, in the same millisecond as before (a clock that
        // stepped back): still new events, each queued.
        let store = try StateStore.open(path: path)
        var second = RuleEngine(rules: Self.rules(), defaultChannels: ["hook"], restoring: try store.ruleStates.load())
        #expect(try store.ruleStates.load().mapValues(\.sequence) == ["new-block": 2, "fee-cross": 2, "fee-level": 5])
        let after = try Self.runBurst(into: store, engine: &second, at: Self.at)
        #expect(!after.isEmpty)
        #expect(Set((before + after).map(\.id)).count == before.count + after.count)
        #expect(try store.outbox.pendingEntries(channel: "hook").count == before.count + after.count)
    }

    @Test func recommittingTheSameEventAddsNothing() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        var engine = RuleEngine(rules: Self.rules(), defaultChannels: ["hook"])
        let changes = engine.ingest(Sample(metric: "fee.fastest", value: 20, at: Self.at, source: "mempool"))
        try store.commit(changes, at: Self.at)
        // A writer retrying a commit it could not confirm hands the same changes again.
        try store.commit(changes, at: Self.at)
        #expect(try store.outbox.pendingEntries(channel: "hook").count == 1)
    }

    @Test func aDifferentEventUnderAnIdInUseIsStillQueued() throws {
        let directory = try StateTestDirectory()
        let store = try StateStore.open(path: directory.path("state.db"))
        let firing = StateFixtures.notification("same-id")
        var other = StateFixtures.notification("same-id", status: .resolved)
        other.value = 1
        try store.commit([StateFixtures.change("a", notification: firing)], at: Self.at)
        try store.commit([StateFixtures.change("a", notification: other)], at: Self.at)
        let queued = try store.outbox.pendingEntries(channel: firing.channels[0])
        #expect(queued.map(\.notification.status) == [.firing, .resolved])
        #expect(Set(queued.map(\.notification.id)).count == 2)
    }
}
