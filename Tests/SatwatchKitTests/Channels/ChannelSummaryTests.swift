import Testing
@testable import SatwatchKit

/// Summaries name the type and host only; secrets are registered with the logger.
@Suite struct ChannelSummaryTests {
    @Test(arguments: [
        (#"{"type": "webhook", "url": "https://user:pw-123@example.com:8443/hook?token=abc"}"#,
         "webhook example.com:8443", ["pw-123", "https://user:pw-123@example.com:8443/hook?token=abc"]),
        (#"{"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/XYZ"}"#,
         "slack hooks.slack.com", ["https://hooks.slack.com/services/T0/B0/XYZ"]),
        (#"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc"}"#,
         "discord discord.com", ["https://discord.com/api/webhooks/1/abc"]),
        (#"{"type": "teams", "url": "https://prod.logic.azure.com/workflows/sig=s3cret"}"#,
         "teams prod.logic.azure.com", ["https://prod.logic.azure.com/workflows/sig=s3cret"]),
        (#"{"type": "telegram", "token": "123456:ABC-def", "chat_id": 42}"#, "telegram api.telegram.org", ["123456:ABC-def"]),
        (#"{"type": "ntfy", "url": "https://ntfy.sh/secret-topic", "token": "tk_abc"}"#,
         "ntfy ntfy.sh", ["https://ntfy.sh/secret-topic", "tk_abc"]),
        (#"{"type": "alertmanager", "url": "http://admin:hunter2@am:9093"}"#, "alertmanager am:9093", ["hunter2"]),
    ] as [(String, String, [String])])
    func summaryHasNoSecretAndSecretsAreRedacted(_ snippet: String, _ summary: String, _ secrets: [String]) throws {
        let probe = try ChannelConfigProbe(snippet)
        let channel = try #require(probe.channel)
        #expect(channel.summary == summary)
        for secret in secrets {
            #expect(!channel.summary.contains(secret))
            probe.logger.info("sending", ["detail": "value \(secret) end"])
        }
        #expect(probe.logged.count == secrets.count)
        for line in probe.logged {
            #expect(line.hasSuffix("msg=sending detail=\"value *** end\""), "\(line)")
        }
    }
}
