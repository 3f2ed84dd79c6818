@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// Restarts with the real `RuleEngine`: state saved by one process, restored by the next.
@Suite("StateStore restart semantics")
struct StateStoreRestartTests {
    /// One thing the engine is fed: a sample (value at seconds) or the passage of time.
    enum Step: Sendable, CustomStringConvertible {
        case sample(Double, at: Int64)
        case advance(to: Int64)

        var description: String {
            switch self {
            case .sample(let value, let at): "\(value)@\(at)s"
            case .advance(let at): "advance@\(at)s"
            }
        }
    }

    struct Scenario: Sendable, CustomStringConvertible {
        var name: String
        var holdFor: TimeSpan = .zero
        var repeatEvery: TimeSpan?
        var before: [Step]
        var after: [Step]
        /// Notifications expected after the restart, as `status` or `status+reminder`.
        var expected: [String]
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "still above after restart: no re-announce",
                 before: [.sample(99_000, at: 0), .sample(100_500, at: 10)],
                 after: [.sample(100_700, at: 100), .sample(101_000, at: 200)], expected: []),
        Scenario(name: "below clear after restart: resolved exactly once",
                 before: [.sample(100_500, at: 10)],
                 after: [.sample(98_000, at: 100), .sample(97_000, at: 110)], expected: ["resolved"]),
        Scenario(name: "between clear and threshold after restart: hysteresis holds",
                 before: [.sample(100_500, at: 10)],
                 after: [.sample(99_500, at: 100)], expected: []),
        Scenario(name: "pending keeps its start: fires when for elapsed across the restart",
                 holdFor: .seconds(60), before: [.sample(100_500, at: 0)],
                 after: [.sample(100_600, at: 30), .sample(100_700, at: 61)], expected: ["firing"]),
        Scenario(name: "repeat is counted from the last notice before the restart",
                 repeatEvery: .minutes(60), before: [.sample(100_500, at: 0)],
                 after: [.sample(100_600, at: 60), .advance(to: 1_800), .advance(to: 3_601)],
                 expected: ["firing+reminder"]),
    ]

    static func rule(threshold: Double = 100_000, holdFor: TimeSpan = .zero, repeatEvery: TimeSpan? = nil) -> Rule {
        Rule(name: "btc-above-100k", condition: .above(threshold, clear: 99_000, metric: "btc.usd"),
             holdFor: holdFor, repeatEvery: repeatEvery, channels: ["mail", "hook"])
    }

    /// Runs `steps` on a fresh engine restored from the file, committing every change; returns
    /// the notifications produced.
    static func run(_ steps: [Step], rule: Rule, path: String) throws -> [Notification] {
        let store = try StateStore.open(path: path)
        var engine = RuleEngine(rules: [rule], restoring: try store.ruleStates.load())
        var notifications: [Notification] = []
        for step in steps {
            let changes: [RuleChange]
            let now: Timestamp
            switch step {
            case .sample(let value, let at):
                now = Timestamp(milliseconds: at * 1000)
                changes = engine.ingest(Sample(metric: "btc.usd", value: value, at: now, source: "test"))
            case .advance(let at):
                now = Timestamp(milliseconds: at * 1000)
                changes = engine.advance(to: now)
            }
            try store.commit(changes, at: now)
            notifications += changes.compactMap(\.notification)
        }
        return notifications
    }

    @Test(arguments: scenarios)
    func resumesAcrossRestart(_ scenario: Scenario) throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let rule = Self.rule(holdFor: scenario.holdFor, repeatEvery: scenario.repeatEvery)
        _ = try Self.run(scenario.before, rule: rule, path: path)
        let countsBefore = try StateStore.open(path: path).outbox.counts()

        let produced = try Self.run(scenario.after, rule: rule, path: path)
        #expect(produced.map { $0.status.rawValue + ($0.isReminder ? "+reminder" : "") } == scenario.expected)

        // Every produced notification landed in the outbox once per channel, nothing else did.
        let store = try StateStore.open(path: path)
        let pending = try store.outbox.entries(states: [.pending], limit: 1_000)
        let before = countsBefore.values.reduce(0) { $0 + $1.pending }
        #expect(pending.count == before + produced.count * 2)
        for notification in produced {
            let rows = pending.filter { $0.notification.id == notification.id }
            #expect(rows.map(\.channel).sorted() == ["hook", "mail"])
            #expect(rows.first?.notification == notification)
        }
    }

    @Test func resolutionWhileDownIsAnnouncedOnceEvenAfterAnotherRestart() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let rule = Self.rule()
        let fired = try Self.run([.sample(100_500, at: 10)], rule: rule, path: path)
        #expect(fired.map(\.status) == [.firing])
        let resolved = try Self.run([.sample(98_000, at: 100)], rule: rule, path: path)
        #expect(resolved.map(\.status) == [.resolved])
        #expect(resolved.first?.startsAt == Timestamp(milliseconds: 10_000))
        let again = try Self.run([.sample(97_000, at: 200)], rule: rule, path: path)
        #expect(again.isEmpty)

        let store = try StateStore.open(path: path)
        let resolvedRows = try store.outbox.entries(states: [.pending], limit: 100).filter { $0.notification.status == .resolved }
        #expect(resolvedRows.count == 2)
        #expect(Set(resolvedRows.map(\.notification.id)).count == 1)
        #expect(try store.ruleStates.load()["btc-above-100k"]?.status == .inactive)
    }

    @Test func changedDefinitionStartsFreshAndAnnouncesNoResolve() throws {
        let directory = try StateTestDirectory()
        let path = directory.path("state.db")
        let old = Self.rule(threshold: 100_000)
        let new = Self.rule(threshold: 105_000)
        #expect(old.definitionDigest != new.definitionDigest)
        _ = try Self.run([.sample(100_500, at: 10)], rule: old, path: path)

        let store = try StateStore.open(path: path)
        let saved = try store.ruleStates.load()
        #expect(saved["btc-above-100k"]?.status == .firing)
        let engine = RuleEngine(rules: [new], restoring: saved)
        // Fresh, but its event sequence goes on: the next notification cannot take an old id.
        #expect(engine.states == [RuleState(digest: new.definitionDigest, sequence: 1)])

        let produced = try Self.run([.sample(104_000, at: 100), .sample(98_000, at: 110)], rule: new, path: path)
        #expect(produced.isEmpty)
        // Nothing changed, so the old firing state is still in the file: the next restart must
        // ignore it again rather than resolve it.
        let later = try Self.run([.sample(97_000, at: 120)], rule: new, path: path)
        #expect(later.isEmpty)
        #expect(try StateStore.open(path: path).outbox.counts()["mail"] == OutboxCounts(pending: 1))
    }
}
