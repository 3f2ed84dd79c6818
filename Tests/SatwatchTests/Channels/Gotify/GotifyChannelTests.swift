@testable import SatwatchDelivery
import Testing

/// `gotify`: the exact request of a firing and a resolved notification (Gotify's documented
/// `POST /message` with `X-Gotify-Key`), the message URL under a path, and its keys checked.
/// The channel added as an example of a channel type: one folder, one registry line.
@Suite struct GotifyChannelTests {
    static let firingMessage = #"BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"#
    static let resolvedMessage = #"BTC is 99400 USD, no longer above 100000\nbtc.usd 99,400 (threshold 100,000), since 2025-12-10 14:02 UTC"#

    static let cases: [PayloadCase] = [
        PayloadCase(label: "gotify firing", config: #"{"type": "gotify", "url": "https://push.example.com", "token": "AbC.dEf"}"#,
                    notification: ChannelFixtures.firing, url: "https://push.example.com/message",
                    headers: [["Content-Type", "application/json"], ["X-Gotify-Key", "AbC.dEf"]],
                    body: #"{"title":"[FIRING] btc-above-100k","message":"\#(firingMessage)","priority":8}"#),
        PayloadCase(label: "gotify resolved, under a path", config: #"{"type": "gotify", "url": "http://127.0.0.1:8080/gotify/", "token": "t"}"#,
                    notification: ChannelFixtures.resolved, url: "http://127.0.0.1:8080/gotify/message",
                    headers: [["Content-Type", "application/json"], ["X-Gotify-Key", "t"]],
                    body: #"{"title":"[RESOLVED] btc-above-100k","message":"\#(resolvedMessage)","priority":4}"#),
    ]

    @Test(arguments: cases)
    func requestMatchesGolden(_ golden: PayloadCase) throws {
        let request = try ChannelConfigProbe.http(golden.config).request(for: golden.notification)
        #expect(request.url == golden.url)
        #expect(request.headers.map { [$0.name, $0.value] } == golden.headers)
        #expect(request.bodyText == golden.body)
    }

    @Test(arguments: [
        (#""url": "https://push.example.com""#, #"missing required key "token""#),
        (#""url": "https://push.example.com", "token": """#, #""token" must not be empty"#),
        (#""token": "t""#, #"missing required key "url""#),
        (#""url": "https://push.example.com", "token": "t", "chart": true"#,
         #""chart" applies to smtp, discord, telegram and ntfy channels, not gotify"#),
    ])
    func keysAreChecked(_ keys: String, _ problem: String) throws {
        let probe = try ChannelConfigProbe(#"{"type": "gotify", \#(keys)}"#)
        #expect(probe.problems.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") } == [problem])
    }

    /// The token is a secret: never in the summary, always redacted.
    @Test func theTokenIsASecret() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "gotify", "url": "https://push.example.com", "token": "AbC.dEf"}"#)
        #expect(channel.summary == "gotify push.example.com")
        #expect(channel.secrets.contains("AbC.dEf"))
    }
}
