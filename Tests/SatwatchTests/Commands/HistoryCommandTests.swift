import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// `satwatch history` over a real state file filled through `StateStore`, output captured.
@Suite struct HistoryCommandTests {
    static let hookURL = StatusSecretsTests.hookURL

    /// A config with channels `console` and `hook`, and a state file holding, oldest first:
    /// #1/#2 `btc-high` firing 3 h ago (console sent, hook dead with the hook's URL in its
    /// error), #3 `btc-low` 90 min ago (console pending after 2 attempts), #4 `fee-fast`
    /// resolved 10 min ago (hook sent), #5 a `btc-high` reminder 5 min ago in a state this
    /// build does not know (`silenced`, as a newer build may write).
    static func setup() throws -> (config: String, folder: URL, now: Timestamp) {
        let folder = try TestPaths.temporaryFolder()
        let config = folder.appendingPathComponent("satwatch.json").path
        try #"""
            {"state": "state.db", "rules": [], "feeds": {"mempool": {}}, "channels": {
              "console": {"type": "log"}, "hook": {"type": "webhook", "url": "\#(hookURL)"}},
             "defaults": {"channels": ["console"]}}
            """#.write(toFile: config, atomically: true, encoding: .utf8)
        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        let now = WallClock.now()
        let high = now - .hours(3)
        func commit(_ rule: String, _ status: SatwatchRules.Notification.Status, at: Timestamp, reminder: Bool = false,
                    channels: [String], labels: [Label] = [], values: [ObservedValue] = []) throws {
            var notification = SatwatchRules.Notification(rule: rule, status: status, isReminder: reminder, metric: "btc.usd",
                                                        value: 91000.5, threshold: 90000, at: at, startsAt: reminder ? high : at,
                                                        message: "\(rule) \(status.rawValue)", labels: labels, channels: channels)
            notification.values = values
            try store.commit([RuleChange(rule: rule, state: RuleState(digest: "d"), notification: notification)], at: at)
        }
        try commit("btc-high", .firing, at: high, channels: ["console", "hook"], labels: [Label("severity", "page")])
        try store.outbox.markSent(id: 1, at: high + .seconds(1))
        try store.outbox.markDead(id: 2, at: high + .seconds(2), reason: "HTTP 404 Not Found: Cannot POST \(hookURL)")
        try commit("btc-low", .firing, at: now - .minutes(90), channels: ["console"],
                   values: [ObservedValue("btc.usd", 91000.5), ObservedValue("sma(btc.usd, 200d)", 88000)])
        try store.outbox.markRetry(id: 3, attempts: 2, nextAttemptAt: now + .minutes(1), error: "timed out", at: now - .minutes(89))
        try commit("fee-fast", .resolved, at: now - .minutes(10), channels: ["hook"])
        try store.outbox.markSent(id: 4, at: now - .minutes(10))
        try commit("btc-high", .firing, at: now - .minutes(5), reminder: true, channels: ["console"])
        try store.connection.execute("""
            PRAGMA ignore_check_constraints = ON; UPDATE outbox SET state = 'silenced' WHERE id = 5;
            PRAGMA ignore_check_constraints = OFF
            """)
        store.close()
        return (config, folder, now)
    }

    static func run(_ arguments: [String]) async -> (Int32, CapturedIO) {
        let captured = CapturedIO()
        return (await SatwatchCommandLine.run(arguments, io: captured.io), captured)
    }

    static func json(_ captured: CapturedIO) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(captured.out.joined(separator: "\n").utf8)) as! [[String: Any]]
    }

    /// Rule and delivery ids of each notification listed, in order.
    @Test(arguments: [
        ([], [["btc-high", "1", "2"], ["btc-low", "3"], ["fee-fast", "4"], ["btc-high", "5"]]),
        (["--since", "2h"], [["btc-low", "3"], ["fee-fast", "4"], ["btc-high", "5"]]),
        (["--since", "1h31m"], [["btc-low", "3"], ["fee-fast", "4"], ["btc-high", "5"]]),
        (["--since", "1m"], []),
        (["--rule", "btc-*"], [["btc-high", "1", "2"], ["btc-low", "3"], ["btc-high", "5"]]),
        (["--rule", "btc-?ow"], [["btc-low", "3"]]),
        (["--rule", "btc"], []),
        (["--channel", "hook"], [["btc-high", "2"], ["fee-fast", "4"]]),
        (["--rule", "btc-*", "--channel", "console", "--since", "4h"], [["btc-high", "1"], ["btc-low", "3"], ["btc-high", "5"]]),
    ] as [([String], [[String]])])
    func filters(_ arguments: [String], _ expected: [[String]]) async throws {
        let (config, folder, _) = try Self.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, captured) = await Self.run(["history", "--json", "--config", config] + arguments)
        #expect(status == 0, "\(captured.err)")
        let listed = try Self.json(captured).map { notification in
            [notification["rule"] as! String] + (notification["deliveries"] as! [[String: Any]]).map { "\($0["id"] as! Int)" }
        }
        #expect(listed == expected)
    }

    @Test func textListsEachDeliveryWithItsOutcomeOldestFirst() async throws {
        let (config, folder, now) = try Self.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, captured) = await Self.run(["history", "--config", config])
        #expect(status == 0, "\(captured.err)")
        let lines = captured.out
        #expect(lines.count == 6)
        #expect(lines.first?.split(separator: " ") == ["#ID", "AT", "RULE", "STATUS", "VALUE", "CHANNEL", "OUTCOME", "WHEN", "ATTEMPTS", "ERROR"])
        #expect(lines.dropFirst().map { $0.split(separator: " ").first } == ["#1", "#2", "#3", "#4", "#5"])
        let high = (now - .hours(3)).rfc3339
        let cells = lines.map { $0.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        #expect(cells[1] == ["#1", high, "btc-high", "firing", "91000.5", "console", "sent", "at \((now - .hours(3) + .seconds(1)).rfc3339)", "1 attempt"])
        #expect(cells[2] == ["#2", high, "btc-high", "firing", "91000.5", "hook", "dead", "since \((now - .hours(3) + .seconds(2)).rfc3339)",
                             "1 attempt", "HTTP 404 Not Found: Cannot POST ***"])
        #expect(cells[3] == ["#3", (now - .minutes(90)).rfc3339, "btc-low", "firing", "91000.5", "console", "pending",
                             "next try \((now + .minutes(1)).rfc3339)", "2 attempts", "timed out"])
        #expect(cells[4].prefix(7) == ["#4", (now - .minutes(10)).rfc3339, "fee-fast", "resolved", "91000.5", "hook", "sent"])
        #expect(cells[5] == ["#5", (now - .minutes(5)).rfc3339, "btc-high", "reminder", "91000.5", "console", "silenced",
                             "since \((now - .minutes(5)).rfc3339)", "0 attempts"])
        // Columns line up: every row's channel starts where the header's CHANNEL does.
        let column = lines[0].range(of: "CHANNEL")!.lowerBound.utf16Offset(in: lines[0])
        #expect(lines.dropFirst().allSatisfy { Array($0)[column] != " " && Array($0)[column - 1] == " " })
        #expect(!lines.joined().contains("B07ABCDEF12xoxbSecretHookToken"))
    }

    @Test func jsonHoldsFieldsLabelsValuesAndOutcomes() async throws {
        let (config, folder, now) = try Self.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, captured) = await Self.run(["history", "--json", "--config", config])
        #expect(status == 0, "\(captured.err)")
        let list = try Self.json(captured)
        #expect(list.count == 4)
        let first = list[0]
        #expect(first["rule"] as? String == "btc-high" && first["status"] as? String == "firing" && first["reminder"] as? Bool == false)
        #expect(first["metric"] as? String == "btc.usd" && first["value"] as? Double == 91000.5 && first["threshold"] as? Double == 90000)
        #expect(first["at"] as? String == (now - .hours(3)).rfc3339 && first["message"] as? String == "btc-high firing")
        #expect((first["id"] as? String)?.count == 16)
        #expect(first["labels"] as? [String: String] == ["severity": "page"])
        #expect(first["channels"] as? [String] == ["console", "hook"])
        let deliveries = first["deliveries"] as! [[String: Any]]
        #expect(deliveries[0]["outcome"] as? String == "sent" && deliveries[0]["attempts"] as? Int == 1)
        #expect(deliveries[0]["sent_at"] as? String == (now - .hours(3) + .seconds(1)).rfc3339)
        #expect(deliveries[0]["error"] is NSNull)
        #expect(deliveries[1]["outcome"] as? String == "dead" && deliveries[1]["dead_since"] as? String == (now - .hours(3) + .seconds(2)).rfc3339)
        #expect(deliveries[1]["error"] as? String == "HTTP 404 Not Found: Cannot POST ***")
        #expect(list[1]["values"] as? [String: Double] == ["btc.usd": 91000.5, "sma(btc.usd, 200d)": 88000])
        let pending = (list[1]["deliveries"] as! [[String: Any]])[0]
        #expect(pending["outcome"] as? String == "pending" && pending["attempts"] as? Int == 2)
        #expect(pending["next_attempt_at"] as? String == (now + .minutes(1)).rfc3339 && pending["error"] as? String == "timed out")
        #expect(list[3]["reminder"] as? Bool == true && list[3]["starts_at"] as? String == (now - .hours(3)).rfc3339)
        let silenced = (list[3]["deliveries"] as! [[String: Any]])[0]
        #expect(silenced["outcome"] as? String == "silenced" && silenced["queued_at"] as? String == (now - .minutes(5)).rfc3339)
        #expect(!captured.out.joined().contains("B07ABCDEF12xoxbSecretHookToken"))
    }

    @Test func anEmptyFileAndAMissingOne() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": []}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("satwatch.json").path
        let (missingStatus, missing) = await Self.run(["history", "--config", config])
        #expect(missingStatus == 0)
        #expect(missing.out == ["no state file at \(folder.appendingPathComponent("state.db").path) yet: no notifications"])
        let (missingJSONStatus, missingJSON) = await Self.run(["history", "--json", "--config", config])
        #expect(missingJSONStatus == 0 && missingJSON.out == ["[]"] && missingJSON.err.count == 1)

        try StateStore.open(path: folder.appendingPathComponent("state.db").path).close()
        let (status, captured) = await Self.run(["history", "--config", config])
        #expect(status == 0 && captured.out == ["  (no notifications)"] && captured.err.isEmpty)
        let (jsonStatus, json) = await Self.run(["history", "--json", "--config", config])
        #expect(jsonStatus == 0 && json.out == ["[]"] && json.err.isEmpty)
    }

    /// A damaged file is refused with the message `status` gives, and left as it was.
    @Test(arguments: [["history"], ["history", "--json"]])
    func aDamagedFileExits1LikeStatus(_ arguments: [String]) async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": []}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("satwatch.json").path
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: folder.appendingPathComponent("state.db"))
        let (status, captured) = await Self.run(arguments + ["--config", config])
        let (statusStatus, statusIO) = await Self.run(["status", "--config", config])
        #expect(status == 1 && statusStatus == 1)
        #expect(captured.out.isEmpty)
        #expect(captured.err.count == 1 && captured.err.first?.contains("is damaged") == true, "\(captured.err)")
        #expect(captured.err.map { $0.replacing("satwatch history:", with: "satwatch status:") } == statusIO.err)
        #expect(try Data(contentsOf: folder.appendingPathComponent("state.db")) == garbage)
    }

    @Test(arguments: [
        (["--since", "soon"], "satwatch history: invalid duration \"soon\" for --since (use e.g. 2h, 7d)"),
        (["--channel", "hok"], "satwatch history: unknown channel \"hok\" (did you mean \"hook\"?)"),
        (["extra"], "satwatch history: unexpected argument \"extra\""),
        (["--jsn"], "satwatch history: unknown option \"--jsn\" (did you mean \"--json\"?)"),
    ] as [([String], String)])
    func usageErrorsExit2(_ arguments: [String], _ message: String) async throws {
        let (config, folder, _) = try Self.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, captured) = await Self.run(["history", "--config", config] + arguments)
        #expect(status == 2)
        #expect(captured.err.first == message)
    }

    /// A channel no longer configured keeps its history.
    @Test func aChannelRemovedFromTheConfigStillLists() async throws {
        let (config, folder, _) = try Self.setup()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"state": "state.db", "rules": [], "feeds": {"mempool": {}}, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let (status, captured) = await Self.run(["history", "--json", "--channel", "hook", "--config", config])
        #expect(status == 0, "\(captured.err)")
        #expect(try Self.json(captured).map { $0["rule"] as! String } == ["btc-high", "fee-fast"])
    }
}
