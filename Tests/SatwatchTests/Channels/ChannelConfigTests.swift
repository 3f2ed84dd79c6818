import Foundation
@testable import SatwatchDelivery
import SatwatchTestSupport
import Testing

/// Every channel type's config validation: exact messages at exact places (`line:column` within
/// the channel's object), all problems reported at once.
@Suite struct ChannelConfigTests {
    @Test(arguments: [
        // Shared URL, timeout and ca_file checks (webhook stands for every HTTP channel).
        (#"{"type": "webhook"}"#, [#"1:1: missing required key "url""#]),
        (#"{"type": "webhook", "url": "ftp://h/x"}"#, ["1:28: expected an http:// or https:// URL with a host"]),
        (#"{"type": "webhook", "url": "http:///x"}"#, ["1:28: expected an http:// or https:// URL with a host"]),
        (#"{"type": "webhook", "url": "http://h:99999/"}"#, ["1:28: expected an http:// or https:// URL with a host"]),
        (#"{"type": "webhook", "url": "http://h/a b"}"#, ["1:28: expected an http:// or https:// URL with a host"]),
        (#"{"type": "webhook", "url": 5}"#, ["1:28: expected a string, found a number"]),
        (#"{"type": "webhook", "url": "http://h", "timeout": "50ms"}"#, [#"1:51: "timeout" must be between 100ms and 5m"#]),
        (#"{"type": "webhook", "url": "http://h", "timeout": "1h"}"#, [#"1:51: "timeout" must be between 100ms and 5m"#]),
        (#"{"type": "webhook", "url": "http://h", "timeout": "soon"}"#,
         [#"1:51: invalid duration "soon" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)"#]),
        (#"{"type": "webhook", "url": "http://h", "ca_file": "missing.pem"}"#, [#"1:51: no such file "missing.pem""#]),
        (#"{"type": "webhook", "uri": "http://h"}"#, [#"1:1: missing required key "url""#, #"1:21: unknown key "uri" (did you mean "url"?)"#]),
        (#"{"type": "slack", "url": "${SLACK_URL}"}"#, ["1:27: environment variable SLACK_URL is not set"]),
        (#"{"type": "discord", "url": "discord.com/api/webhooks/1/x"}"#, ["1:28: expected an http:// or https:// URL with a host"]),
        (#"{"type": "teams"}"#, [#"1:1: missing required key "url""#]),
        (#"{"type": "alertmanager", "url": "http://am:9093", "token": "x"}"#, [#"1:51: unknown key "token""#]),
        // Telegram.
        (#"{"type": "telegram"}"#, [#"1:1: missing required key "token""#, #"1:1: missing required key "chat_id""#]),
        (#"{"type": "telegram", "token": "abc", "chat_id": 1}"#,
         ["1:31: expected a bot token like 123456789:AAE… (digits, a colon, then letters, digits, - or _)"]),
        (#"{"type": "telegram", "token": "1:a/b", "chat_id": 1}"#,
         ["1:31: expected a bot token like 123456789:AAE… (digits, a colon, then letters, digits, - or _)"]),
        (#"{"type": "telegram", "token": "1:a", "chat_id": 1.5}"#, [#"1:49: "chat_id" must be a whole number or a string"#]),
        (#"{"type": "telegram", "token": "1:a", "chat_id": ""}"#, [#"1:49: "chat_id" must not be empty"#]),
        (#"{"type": "telegram", "token": "1:a", "chat_id": true}"#, ["1:49: expected a number or a string, found a boolean"]),
        (#"{"type": "telegram", "token": "1:a", "chat_id": 7, "url": "api.telegram.org"}"#,
         ["1:59: expected an http:// or https:// URL with a host"]),
        // ntfy.
        (#"{"type": "ntfy", "url": "https://ntfy.sh/t", "token": ""}"#, [#"1:55: "token" must not be empty (leave it out instead)"#]),
        (#"{"type": "ntfy", "url": "ntfy://t"}"#, ["1:25: expected an http:// or https:// URL with a host"]),
    ] as [(String, [String])])
    func invalidSettingsAreReportedAtTheirPlace(_ snippet: String, _ problems: [String]) throws {
        let probe = try ChannelConfigProbe(snippet)
        #expect(probe.problems == problems)
        #expect(probe.channel == nil)
    }

    @Test(arguments: [
        #"{"type": "webhook", "url": "https://example.com/hook?token=x", "timeout": "3s", "ca_file": "ca.pem"}"#,
        #"{"type": "slack", "url": "https://hooks.slack.com/services/T/B/X", "timeout": "100ms"}"#,
        #"{"type": "discord", "url": "https://discord.com/api/webhooks/1/x", "timeout": "5m"}"#,
        #"{"type": "teams", "url": "https://prod-1.westeurope.logic.azure.com:443/workflows/x"}"#,
        #"{"type": "telegram", "token": "123:AA-b_c", "chat_id": "@channel", "url": "http://127.0.0.1:8081"}"#,
        #"{"type": "ntfy", "url": "http://[::1]:8080/topic", "token": "tk_x"}"#,
        #"{"type": "alertmanager", "url": "http://am:9093/prefix/"}"#,
    ])
    func validSettingsMakeAChannel(_ snippet: String) throws {
        let folder = try TestPaths.temporaryFolder()
        try "not checked here".write(to: folder.appendingPathComponent("ca.pem"), atomically: true, encoding: .utf8)
        let probe = try ChannelConfigProbe(snippet, folder: folder)
        #expect(probe.problems == [])
        #expect(probe.channel != nil)
    }

    @Test func networkSettingsDefaultsAndCAFileResolution() throws {
        let folder = try TestPaths.temporaryFolder()
        try "x".write(to: folder.appendingPathComponent("ca.pem"), atomically: true, encoding: .utf8)
        let defaults = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "http://h"}"#)
        #expect(defaults.network == NetworkSettings(timeout: .seconds(10), caFile: nil))
        let probe = try ChannelConfigProbe(#"{"type": "webhook", "url": "http://h", "timeout": "2s500ms", "ca_file": "ca.pem"}"#,
                                           folder: folder)
        let channel = try #require(probe.channel as? any HTTPChannel)
        #expect(channel.network == NetworkSettings(timeout: .init(milliseconds: 2500), caFile: folder.path + "/ca.pem"))
    }
}
