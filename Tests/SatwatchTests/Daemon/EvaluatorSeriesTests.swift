import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchFeeds
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The evaluator keeps every metric's series, derived ones included, saves it with its flush and
/// a worker started later on the same state file shows the same charts.
@Suite struct EvaluatorSeriesTests {
    static func makeSetup() throws -> Setup {
        let folder = try TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try #"{"rules": [{"name": "wide-spread", "metric": "fee.spread", "above": 100}]}"#
            .write(to: folder.appendingPathComponent("rules/r.json"), atomically: true, encoding: .utf8)
        try #"""
            {"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {}}, "derived": {"fee.spread": "fee.fastest - fee.economy"},
             "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
            """#.write(to: folder.appendingPathComponent("satwatch.json"), atomically: true, encoding: .utf8)
        let (setup, problems) = Setup.load(path: folder.appendingPathComponent("satwatch.json").path, environment: [:],
                                           logger: Logger(sink: { _ in }))
        #expect(problems.isEmpty)
        return try #require(setup)
    }

    static func boards() -> Boards {
        Boards(health: FeedHealthBoard([.mempool]), metrics: MetricBoard(), rules: RuleStateBoard(), deliveries: DeliveryCounters(),
               histories: HistoryHandover(), store: StoreHealthBoard(logger: Logger(sink: { _ in })), startedAt: WallClock.now())
    }

    /// Runs an evaluator over `frames`, until `ready` holds, then stops it (which flushes).
    static func run(_ setup: Setup, _ boards: Boards, frames: [EvaluatorInput], until ready: () -> Bool) async throws {
        let inbox = EvaluatorInbox()
        let evaluator = Evaluator(setup: setup, stateFile: StateFile(path: setup.config.statePath), inputs: inbox, backlog: FrameBacklog(), alarm: Alarm(), bells: ChannelBells([]),
                                  boards: boards, logger: Logger(sink: { _ in }))
        let running = Task { try await evaluator.run() }
        for frame in frames { inbox.yield(frame) }
        try await EvaluatorTests.wait(ready)
        running.cancel()
        try await running.value
    }

    @Test func seriesAreSavedAndTakenUpAtTheNextStart() async throws {
        let setup = try Self.makeSetup()
        let first = Self.boards()
        try await Self.run(setup, first, frames: [EvaluatorTests.fees(12), EvaluatorTests.fees(14)]) {
            first.series.series(metric: "fee.spread", since: .epoch, now: WallClock.now()).last?.value == 13
        }
        let now = WallClock.now()
        let fastest = first.series.buckets(metric: "fee.fastest", since: .epoch, now: now)
        #expect(fastest.last?.value == 14)
        #expect(fastest.map(\.low).min() == 12)
        #expect(first.series.keys.contains(MetricKey(metric: "fee.spread", source: DerivedMetric.source)))

        let stored = try StateStore.open(path: setup.config.statePath).series.load(from: .min)
        #expect(stored[MetricKey(metric: "fee.fastest", source: "mempool")] == fastest)
        #expect(Set(stored.keys) == Set(first.series.keys))

        let second = Self.boards()
        try await Self.run(setup, second, frames: []) { !second.series.keys.isEmpty }
        #expect(second.series.keys == first.series.keys)
        for key in first.series.keys {
            #expect(second.series.buckets(metric: key.metric, source: key.source, since: .epoch, now: now)
                    == first.series.buckets(metric: key.metric, source: key.source, since: .epoch, now: now))
        }
    }
}
