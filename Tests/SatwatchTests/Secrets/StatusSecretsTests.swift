import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// `satwatch status` with tokens written literally in the config and an outbox row whose error
/// holds them, as versions that did not redact stored errors wrote it.
@Suite struct StatusSecretsTests {
    static let hookURL = "https://hooks.example.com/hooks/B07ABCDEF12xoxbSecretHookToken?token=q7Token0123456789abcdef"
    static let botToken = "7301234567:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
    static let bearer = "tk_bearer0123secret"
    static let secrets = [hookURL, "/hooks/B07ABCDEF12xoxbSecretHookToken", "B07ABCDEF12xoxbSecretHookToken",
                          "q7Token0123456789abcdef", botToken, "AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", bearer]

    @Test func oldRowsAndLiteralTokensNeverShow() async throws {
        let folder = try ReplayCommandTests.setup(rules: #"{"rules": [{"name": "hot", "metric": "fee.fastest", "above": 10}]}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("satwatch.json").path
        try #"""
            {"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {}}, "channels": {
              "hook": {"type": "webhook", "url": "\#(Self.hookURL)"},
              "tg": {"type": "telegram", "token": "\#(Self.botToken)", "chat_id": 42},
              "push": {"type": "ntfy", "url": "https://ntfy.example.com/alerts", "token": "\#(Self.bearer)"}},
             "defaults": {"channels": ["hook", "tg", "push"]}}
            """#.write(toFile: config, atomically: true, encoding: .utf8)

        let store = try StateStore.open(path: folder.appendingPathComponent("state.db").path)
        let at = Timestamp(rfc3339: "2025-12-10T14:04:16.384Z")!
        let notification = SatwatchRules.Notification(rule: "hot", status: .firing, metric: "fee.fastest", value: 12, threshold: 10,
                                                    at: at, startsAt: at, message: "m", channels: ["hook", "tg", "push"])
        try store.commit([RuleChange(rule: "hot", state: RuleState(digest: "d"), notification: notification)], at: at)
        let errors = ["hook": "HTTP 404 Not Found: Cannot POST /hooks/B07ABCDEF12xoxbSecretHookToken?token=q7Token0123456789abcdef",
                      "tg": "HTTP 404 Not Found: no route /bot7301234567%3AAAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage",
                      "push": "HTTP 401 Unauthorized: bad header Authorization: Bearer tk_bearer0123secret"]
        for entry in try store.outbox.entries(states: [.pending]) {
            _ = try store.outbox.markRetry(id: entry.id, attempts: 1, nextAttemptAt: at, error: errors[entry.channel]!, at: at)
        }

        let captured = CapturedIO()
        #expect(await SatwatchCommandLine.run(["status", "--config", config], io: captured.io) == 0)
        let text = (captured.out + captured.err).joined(separator: "\n")
        #expect(text.contains("error: HTTP 404 Not Found: Cannot POST ***"), "\(text)")
        #expect(text.contains("error: HTTP 401 Unauthorized: bad header Authorization: Bearer ***"), "\(text)")
        #expect(Self.secrets.filter { text.contains($0) } == [], "\(text)")
    }
}
