@testable import SatwatchBase
import Testing

/// Each channel type declares the secrets of its settings: whatever part of them a log line or a
/// receiver's answer shows is hidden, and its summary names only type and host.
@Suite struct ChannelSecretsTests {
    static let hook = "https://user:pw-1234@hooks.example.com:8443/hooks/T0123ABCD/B0123ABCD/xoxbSecretToken42?token=q7Token0123&v=2"
    /// Parts of `hook` a receiver may echo on their own.
    static let hookParts = [hook, "pw-1234", "user:pw-1234", "/hooks/T0123ABCD/B0123ABCD/xoxbSecretToken42?token=q7Token0123&v=2",
                            "/hooks/T0123ABCD/B0123ABCD/xoxbSecretToken42", "token=q7Token0123&v=2", "T0123ABCD", "B0123ABCD",
                            "xoxbSecretToken42", "q7Token0123", "token%3Dq7Token0123%26v%3D2", "user%3Apw-1234",
                            // An echoed `Authorization: Basic` header, and the password alone in base64.
                            "dXNlcjpwdy0xMjM0", "cHctMTIzNA=="]

    @Test(arguments: [
        (#"{"type": "webhook", "url": "\#(hook)"}"#, "webhook hooks.example.com:8443", hookParts),
        (#"{"type": "slack", "url": "\#(hook)"}"#, "slack hooks.example.com:8443", hookParts),
        (#"{"type": "discord", "url": "\#(hook)"}"#, "discord hooks.example.com:8443", hookParts),
        (#"{"type": "teams", "url": "\#(hook)"}"#, "teams hooks.example.com:8443", hookParts),
        (#"{"type": "alertmanager", "url": "\#(hook)"}"#, "alertmanager hooks.example.com:8443", hookParts),
        (#"{"type": "ntfy", "url": "\#(hook)", "token": "tk_bearer0123"}"#, "ntfy hooks.example.com:8443",
         hookParts + ["tk_bearer0123"]),
        (#"{"type": "telegram", "token": "7301234567:AAHdqTcvCH1vGWJx", "chat_id": 42, "url": "\#(hook)"}"#,
         "telegram hooks.example.com:8443", hookParts + ["7301234567:AAHdqTcvCH1vGWJx", "7301234567%3AAAHdqTcvCH1vGWJx"]),
        (#"{"type": "smtp", "url": "smtps://mail.example.com:465", "username": "me", "password": "hunter2-pw", "#
         + #""from": "a@example.com", "to": ["b@example.com"]}"#, "smtp mail.example.com:465", ["hunter2-pw"]),
    ] as [(String, String, [String])])
    func declaredSecretsCoverEveryPart(_ snippet: String, _ summary: String, _ parts: [String]) throws {
        let probe = try ChannelConfigProbe(snippet)
        let channel = try #require(probe.channel, "\(probe.problems)")
        #expect(channel.summary == summary)
        let redactor = Redactor(channel.secrets)
        for part in parts {
            #expect(redactor.redact("echo [\(part)] end") == "echo [***] end", "\(part)")
            probe.logger.info("x", ["detail": part])
        }
        // The logger the config was loaded with hides them too.
        #expect(probe.logged.count == parts.count)
        #expect(probe.logged.allSatisfy { $0.hasSuffix("msg=x detail=***") }, "\(probe.logged)")
    }

    @Test func readableWordsOfAURLStayReadable() throws {
        let channel = try #require(try ChannelConfigProbe(#"{"type": "webhook", "url": "https://h.example.com/api/webhooks/v2/x1234567890"}"#).channel)
        #expect(Redactor(channel.secrets).redact("POST to api webhooks v2 failed") == "POST to api webhooks v2 failed")
    }
}
