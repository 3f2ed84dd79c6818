import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

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
        try store.latestValues.save([Sample(metric: "fee.fastest", value: 10.229, at: at, source: "mempool")])

        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: captured.io) == 0)
        let text = captured.out.joined(separator: "\n")
        #expect(text.contains("  hot                  firing    since 2025-12-10T14:04:16.384Z  last 10.229"))
        #expect(text.contains("  calm                 inactive                                  no data yet"))
        // A feed that delivers: when its newest stored value was taken, not "no data yet".
        #expect(text.contains("  feed-stale:mempool   inactive                                  feed data at 2025-12-10T14:04:16.384Z"))
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

    /// A feed that never delivered fired its staleness alert: the line says so, not `last 5`
    /// (the seconds of silence it fired on, without a unit).
    @Test func aFeedThatNeverDeliveredSaysSo() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10}]}"#)
        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        let at = Timestamp(rfc3339: "2025-12-10T14:04:16.384Z")!
        let firing = RuleState(status: .firing, activeSince: at, firedAt: at, lastNotifiedAt: at, lastValue: 5, lastObservedAt: at,
                               digest: FeedStaleMonitor.digest)
        try store.commit([RuleChange(rule: "feed-stale:mempool", state: firing, notification: nil)], at: at)
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", folder.appendingPathComponent("satwatch.json").path], io: captured.io) == 0)
        #expect(captured.out.joined(separator: "\n").contains("  feed-stale:mempool   firing    since 2025-12-10T14:04:16.384Z  no feed data yet"))
    }

    /// `status --json`: the text's content as one object, parsed back.
    @Test func jsonHasTheSameContentAsTheText() async throws {
        let (config, folder, now) = try HistoryCommandTests.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"rules": [{"name": "btc-high", "metric": "btc.usd", "above": 90000}, {"name": "off", "metric": "btc.usd", "above": 1, "disabled": true}]}"#
            .write(to: folder.appendingPathComponent("rules.json"), atomically: true, encoding: .utf8)
        try String(contentsOfFile: config, encoding: .utf8).replacing(#""rules": []"#, with: #""rules": ["rules.json"]"#)
            .write(toFile: config, atomically: true, encoding: .utf8)
        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        var engine = RuleEngine(rules: [Rule(name: "btc-high", condition: .above(90000, metric: "btc.usd"), channels: [])])
        let at = now - .minutes(1)
        try store.commit(engine.ingest(Sample(metric: "btc.usd", value: 91000.5, at: at, source: "coinbase")), at: at)
        try store.latestValues.save([Sample(metric: "btc.usd", value: 91000.5, at: at, source: "coinbase")])

        let silence = CapturedIO(environment: ["USER": "alice"])
        #expect(await SatwatchCommandLine.run(["silence", "add", "--rule", "btc-*", "--for", "2h", "--comment", "maintenance", "--config", config],
                                              io: silence.io) == 0)

        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--json", "--config", config], io: captured.io) == 0)
        let object = try JSONSerialization.jsonObject(with: Data(captured.out.joined(separator: "\n").utf8)) as! [String: Any]
        #expect(object["state_file"] as? String == folder.appendingPathComponent("state.db").path)
        // The silences `status` shows, as `silence list --json` writes them.
        let silences = try #require(object["silences"] as? [[String: Any]])
        #expect(silences.count == 1 && silences.first?["id"] as? String == silence.out.first)
        #expect(silences.first?["comment"] as? String == "maintenance" && silences.first?["author"] as? String == "alice")
        #expect(silences.first?["active"] as? Bool == true)
        let rules = object["rules"] as! [[String: Any]]
        #expect(rules.map { $0["name"] as! String } == ["btc-high", "off", "feed-stale:mempool"])
        #expect(rules[0]["state"] as? String == "firing" && rules[0]["since"] as? String == at.rfc3339)
        #expect(rules[0]["last_value"] as? Double == 91000.5 && rules[0]["waiting"] is NSNull)
        #expect(rules[1]["state"] as? String == "disabled")
        #expect(rules[2]["state"] as? String == "inactive" && rules[2]["since"] is NSNull && rules[2]["last_value"] is NSNull)
        let metrics = object["metrics"] as! [[String: Any]]
        #expect(metrics.count == 1 && metrics[0]["metric"] as? String == "btc.usd" && metrics[0]["source"] as? String == "coinbase")
        #expect(metrics[0]["value"] as? Double == 91000.5 && metrics[0]["at"] as? String == at.rfc3339)
        let deliveries = object["deliveries"] as! [[String: Any]]
        #expect(deliveries.map { $0["channel"] as! String } == ["console", "hook"])
        // console: #1 sent, #3 pending (the head, due in a minute), #5 silenced (counted nowhere).
        #expect(deliveries[0]["pending"] as? Int == 1 && deliveries[0]["sent"] as? Int == 1 && deliveries[0]["dead"] as? Int == 0)
        #expect(deliveries[0]["silenced"] as? Int == 1 && deliveries[1]["silenced"] as? Int == 0)
        let next = deliveries[0]["next"] as? [String: Any]
        #expect(next?.count == 2 && next?["id"] as? Int == 3 && next?["at"] as? String == (now + .minutes(1)).rfc3339)
        #expect(deliveries[1]["pending"] as? Int == 0 && deliveries[1]["sent"] as? Int == 1 && deliveries[1]["dead"] as? Int == 1)
        #expect(deliveries[1]["next"] is NSNull)
        let entries = object["pending_and_dead"] as! [[String: Any]]
        #expect(entries.map { $0["id"] as! Int } == [3, 2])
        #expect(entries[0]["state"] as? String == "pending" && entries[0]["next_attempt_at"] as? String == (now + .minutes(1)).rfc3339)
        #expect(entries[1]["state"] as? String == "dead" && entries[1]["rule"] as? String == "btc-high")
        #expect(entries[1]["error"] as? String == "HTTP 404 Not Found: Cannot POST ***" && entries[1]["attempts"] as? Int == 1)
        #expect(!captured.out.joined().contains("B07ABCDEF12xoxbSecretHookToken"))

        // The text says "1 attempt" for the dead delivery, as `history` does.
        let text = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: text.io) == 0)
        let dead = try #require(text.out.first { $0.hasPrefix("  #2 ") })
        #expect(dead.contains("  1 attempt  ") && !dead.contains("attempts"))
    }

    /// Before the worker ran, `--json` still prints one document (and says why on stderr).
    @Test func jsonWithoutAStateFile() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10}]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--json", "--config", folder.appendingPathComponent("satwatch.json").path], io: captured.io) == 0)
        let object = try JSONSerialization.jsonObject(with: Data(captured.out.joined(separator: "\n").utf8)) as! [String: Any]
        #expect((object["rules"] as! [[String: Any]]).map { $0["state"] as! String } == ["inactive", "inactive", "inactive", "inactive"])
        #expect((object["metrics"] as! [Any]).isEmpty && (object["deliveries"] as! [Any]).isEmpty && (object["pending_and_dead"] as! [Any]).isEmpty)
        #expect(captured.err.first?.hasPrefix("no state file at ") == true)
    }
}
