import Foundation
import Testing
@testable import SatwatchKit

@Suite struct StatusCommandTests {
    @Test func showsRuleStatesValuesAndDeliveries() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10}, {"name": "calm", "metric": "fee.economy", "below": 1}]}"#)
        let config = folder.appendingPathComponent("satwatch.json").path
        let before = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: before.io) == 0)
        #expect(before.out.first?.hasPrefix("no state file at ") == true)

        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        var engine = RuleEngine(rules: [Rule(name: "hot", condition: .above(10, metric: "fee.fastest"), channels: ["console"])])
        let at = Timestamp(rfc3339: "2025-12-10T14:04:16.384Z")!
        try store.commit(engine.ingest(Sample(metric: "fee.fastest", value: 10.229, at: at, source: "mempool")), at: at)
        try store.saveMetrics([Sample(metric: "fee.fastest", value: 10.229, at: at, source: "mempool")])

        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: captured.io) == 0)
        let text = captured.out.joined(separator: "\n")
        #expect(text.contains("  hot                  firing    since 2025-12-10T14:04:16.384Z  last 10.229"))
        #expect(text.contains("  calm                 inactive                                  no data yet"))
        #expect(text.contains("  feed-stale:mempool   inactive"))
        #expect(text.contains("  fee.fastest  mempool  10.229  2025-12-10T14:04:16.384Z"))
        #expect(text.contains("  console  1 pending  0 sent  0 dead  next #1 at 2025-12-10T14:04:16.384Z"))
        #expect(text.contains("#1  console  hot  firing  pending  0 attempts  next try 2025-12-10T14:04:16.384Z"))
    }

    /// A disabled rule shows as `disabled`, even with a firing state kept from before.
    @Test func showsADisabledRuleAsDisabled() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10, "disabled": true}]}"#)
        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        var engine = RuleEngine(rules: [Rule(name: "hot", condition: .above(10, metric: "fee.fastest"), channels: ["console"])])
        let at = Timestamp(rfc3339: "2025-12-10T14:04:16.384Z")!
        try store.commit(engine.ingest(Sample(metric: "fee.fastest", value: 10.229, at: at, source: "mempool")), at: at)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", folder.appendingPathComponent("satwatch.json").path], io: captured.io) == 0)
        #expect(captured.out.joined(separator: "\n").contains("\n  hot                  disabled\n"))
    }
}
