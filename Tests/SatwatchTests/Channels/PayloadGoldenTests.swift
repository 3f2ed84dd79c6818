@testable import SatwatchDelivery
@testable import SatwatchRules
import Testing

/// One channel config, one notification, and the exact request it must produce.
struct PayloadCase: Sendable, CustomTestStringConvertible {
    var label: String
    var config: String
    var notification: Notification
    var url: String
    var headers: [[String]]
    var body: String
    var testDescription: String { label }
}

private let json = [["Content-Type", "application/json"]]
private let labels = #"{"alertname":"btc-above-100k","metric":"btc.usd","severity":"page"}"#
private let firingAnnotations = #"{"summary":"BTC is 100500 USD, above 100000","threshold":"100000","value":"100500"}"#
private let resolvedAnnotations = #"{"summary":"BTC is 99400 USD, no longer above 100000","threshold":"100000","value":"99400"}"#
private let firingChat = #"[FIRING] btc-above-100k: BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"#
private let resolvedChat = #"[RESOLVED] btc-above-100k: BTC is 99400 USD, no longer above 100000\nbtc.usd 99,400 (threshold 100,000), since 2025-12-10 14:02 UTC"#

/// What a feed could write into a message: a masked link, emphasis, mentions, an address.
private let markup = "Airdrop [Claim](https://evil.example/x) *now* <@everyone> & <!channel> _see_ https://news.example/a_b?x=1&y=2"
private let markupValues = #"\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"#

/// Golden requests per channel type, for a firing and a resolved notification, and for
/// a message holding markup, which each service must show as written (shoutrrr/gatus
/// style: each provider's payload pinned byte for byte).
@Suite struct PayloadGoldenTests {
    static let cases: [PayloadCase] = [
        PayloadCase(label: "webhook firing", config: #"{"type": "webhook", "url": "http://127.0.0.1:9000/alerts"}"#,
                    notification: ChannelFixtures.firing, url: "http://127.0.0.1:9000/alerts", headers: json,
                    body: #"{"version":"4","groupKey":"{}:{alertname=\"btc-above-100k\"}","truncatedAlerts":0,"status":"firing","#
                        + #""receiver":"c","groupLabels":{"alertname":"btc-above-100k"},"commonLabels":\#(labels),"#
                        + #""commonAnnotations":\#(firingAnnotations),"externalURL":"","alerts":[{"status":"firing","#
                        + #""labels":\#(labels),"annotations":\#(firingAnnotations),"startsAt":"2025-12-10T14:02:40.000Z","#
                        + #""endsAt":"0001-01-01T00:00:00Z","generatorURL":"","fingerprint":"37d7dc9c1d5c0bcd"}],"#
                        + #""notificationId":"900d6ef1ffc49baf"}"#),
        PayloadCase(label: "webhook resolved", config: #"{"type": "webhook", "url": "http://127.0.0.1:9000/alerts"}"#,
                    notification: ChannelFixtures.resolved, url: "http://127.0.0.1:9000/alerts", headers: json,
                    body: #"{"version":"4","groupKey":"{}:{alertname=\"btc-above-100k\"}","truncatedAlerts":0,"status":"resolved","#
                        + #""receiver":"c","groupLabels":{"alertname":"btc-above-100k"},"commonLabels":\#(labels),"#
                        + #""commonAnnotations":\#(resolvedAnnotations),"externalURL":"","alerts":[{"status":"resolved","#
                        + #""labels":\#(labels),"annotations":\#(resolvedAnnotations),"startsAt":"2025-12-10T14:02:40.000Z","#
                        + #""endsAt":"2025-12-10T15:10:00.000Z","generatorURL":"","fingerprint":"37d7dc9c1d5c0bcd"}],"#
                        + #""notificationId":"147ce63c50ff0576"}"#),
        PayloadCase(label: "slack firing", config: #"{"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/XYZ"}"#,
                    notification: ChannelFixtures.firing, url: "https://hooks.slack.com/services/T0/B0/XYZ", headers: json,
                    body: ##"{"text":"[FIRING] btc-above-100k: BTC is 100500 USD, above 100000","attachments":[{"color":"#d63232","##
                        + ##""fields":[{"title":"Metric","value":"btc.usd","short":true},{"title":"Value","value":"100,500","short":true},"##
                        + ##"{"title":"Threshold","value":"100,000","short":true},{"title":"Since","value":"2025-12-10 14:02 UTC","short":true},"##
                        + ##"{"title":"severity","value":"page","short":true}]}]}"##),
        PayloadCase(label: "slack resolved", config: #"{"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/XYZ"}"#,
                    notification: ChannelFixtures.resolved, url: "https://hooks.slack.com/services/T0/B0/XYZ", headers: json,
                    body: ##"{"text":"[RESOLVED] btc-above-100k: BTC is 99400 USD, no longer above 100000","attachments":[{"color":"#2eb67d","##
                        + ##""fields":[{"title":"Metric","value":"btc.usd","short":true},{"title":"Value","value":"99,400","short":true},"##
                        + ##"{"title":"Threshold","value":"100,000","short":true},{"title":"Since","value":"2025-12-10 14:02 UTC","short":true},"##
                        + ##"{"title":"Resolved","value":"2025-12-10 15:10 UTC","short":true},"##
                        + ##"{"title":"severity","value":"page","short":true}]}]}"##),
        PayloadCase(label: "discord firing", config: #"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc"}"#,
                    notification: ChannelFixtures.firing, url: "https://discord.com/api/webhooks/1/abc", headers: json,
                    body: #"{"content":"\#(firingChat)","allowed_mentions":{"parse":[]}}"#),
        PayloadCase(label: "discord resolved", config: #"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc"}"#,
                    notification: ChannelFixtures.resolved, url: "https://discord.com/api/webhooks/1/abc", headers: json,
                    body: #"{"content":"\#(resolvedChat)","allowed_mentions":{"parse":[]}}"#),
        PayloadCase(label: "teams firing", config: #"{"type": "teams", "url": "https://prod.westeurope.logic.azure.com/workflows/x"}"#,
                    notification: ChannelFixtures.firing, url: "https://prod.westeurope.logic.azure.com/workflows/x", headers: json,
                    body: #"{"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive","content":{"#
                        + #""$schema":"http://adaptivecards.io/schemas/adaptive-card.json","type":"AdaptiveCard","version":"1.4","body":["#
                        + #"{"type":"TextBlock","text":"[FIRING] btc-above-100k","weight":"Bolder","size":"Medium","color":"Attention","wrap":true},"#
                        + #"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"BTC is 100500 USD, above 100000"}]},{"type":"FactSet","facts":["#
                        + #"{"title":"Metric","value":"btc.usd"},{"title":"Value","value":"100,500"},{"title":"Threshold","value":"100,000"},"#
                        + #"{"title":"Since","value":"2025-12-10 14:02 UTC"},{"title":"severity","value":"page"}]}],"msteams":{"width":"Full"}}}]}"#),
        PayloadCase(label: "teams resolved", config: #"{"type": "teams", "url": "https://prod.westeurope.logic.azure.com/workflows/x"}"#,
                    notification: ChannelFixtures.resolved, url: "https://prod.westeurope.logic.azure.com/workflows/x", headers: json,
                    body: #"{"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive","content":{"#
                        + #""$schema":"http://adaptivecards.io/schemas/adaptive-card.json","type":"AdaptiveCard","version":"1.4","body":["#
                        + #"{"type":"TextBlock","text":"[RESOLVED] btc-above-100k","weight":"Bolder","size":"Medium","color":"Good","wrap":true},"#
                        + #"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"BTC is 99400 USD, no longer above 100000"}]},{"type":"FactSet","facts":["#
                        + #"{"title":"Metric","value":"btc.usd"},{"title":"Value","value":"99,400"},{"title":"Threshold","value":"100,000"},"#
                        + #"{"title":"Since","value":"2025-12-10 14:02 UTC"},{"title":"Resolved","value":"2025-12-10 15:10 UTC"},"#
                        + #"{"title":"severity","value":"page"}]}],"msteams":{"width":"Full"}}}]}"#),
        PayloadCase(label: "telegram firing (default base, numeric chat)",
                    config: #"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": -1001234567890}"#,
                    notification: ChannelFixtures.firing, url: "https://api.telegram.org/bot123456:ABC-def_9/sendMessage", headers: json,
                    body: #"{"chat_id":-1001234567890,"text":"\#(firingChat)","link_preview_options":{"is_disabled":true}}"#),
        PayloadCase(label: "telegram resolved (own base, @channel)",
                    config: #"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": "@btcalerts", "url": "http://127.0.0.1:8081/"}"#,
                    notification: ChannelFixtures.resolved, url: "http://127.0.0.1:8081/bot123456:ABC-def_9/sendMessage", headers: json,
                    body: #"{"chat_id":"@btcalerts","text":"\#(resolvedChat)","link_preview_options":{"is_disabled":true}}"#),
        PayloadCase(label: "ntfy firing with token", config: #"{"type": "ntfy", "url": "https://ntfy.sh/btc-x7", "token": "tk_abc"}"#,
                    notification: ChannelFixtures.firing, url: "https://ntfy.sh/btc-x7",
                    headers: [["Content-Type", "text/plain; charset=utf-8"], ["Title", "[FIRING] btc-above-100k"], ["Priority", "4"],
                              ["Tags", "rotating_light"], ["Authorization", "Bearer tk_abc"]],
                    body: "BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"),
        PayloadCase(label: "ntfy resolved", config: #"{"type": "ntfy", "url": "https://ntfy.sh/btc-x7"}"#,
                    notification: ChannelFixtures.resolved, url: "https://ntfy.sh/btc-x7",
                    headers: [["Content-Type", "text/plain; charset=utf-8"], ["Title", "[RESOLVED] btc-above-100k"], ["Priority", "3"],
                              ["Tags", "white_check_mark"]],
                    body: "BTC is 99400 USD, no longer above 100000\nbtc.usd 99,400 (threshold 100,000), since 2025-12-10 14:02 UTC"),
        // Feed text as written: Slack's `&`, `<`, `>` as entities; Discord's Markdown
        // backslash-escaped, addresses left whole; Teams' message in TextRuns (no Markdown), each
        // address a run that opens it; Telegram (no parse mode) and ntfy (no Markdown) as it is.
        PayloadCase(label: "slack markup", config: #"{"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/XYZ"}"#,
                    notification: ChannelFixtures.firing(message: markup), url: "https://hooks.slack.com/services/T0/B0/XYZ", headers: json,
                    body: ##"{"text":"[FIRING] btc-above-100k: Airdrop [Claim](https://evil.example/x) *now* &lt;@everyone&gt; &amp; "##
                        + ##"&lt;!channel&gt; _see_ https://news.example/a_b?x=1&amp;y=2","attachments":[{"color":"#d63232","##
                        + ##""fields":[{"title":"Metric","value":"btc.usd","short":true},{"title":"Value","value":"100,500","short":true},"##
                        + ##"{"title":"Threshold","value":"100,000","short":true},{"title":"Since","value":"2025-12-10 14:02 UTC","short":true},"##
                        + ##"{"title":"severity","value":"page","short":true}]}]}"##),
        PayloadCase(label: "discord markup", config: #"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc"}"#,
                    notification: ChannelFixtures.firing(message: markup), url: "https://discord.com/api/webhooks/1/abc", headers: json,
                    body: #"{"content":"[FIRING] btc-above-100k: Airdrop \\[Claim\\]\\(https://evil.example/x\\) \\*now\\* "#
                        + #"\\<@everyone\\> & \\<!channel\\> \\_see\\_ https://news.example/a_b?x=1&y=2\#(markupValues)","#
                        + #""allowed_mentions":{"parse":[]}}"#),
        PayloadCase(label: "teams markup", config: #"{"type": "teams", "url": "https://prod.westeurope.logic.azure.com/workflows/x"}"#,
                    notification: ChannelFixtures.firing(message: markup), url: "https://prod.westeurope.logic.azure.com/workflows/x",
                    headers: json,
                    body: #"{"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive","content":{"#
                        + #""$schema":"http://adaptivecards.io/schemas/adaptive-card.json","type":"AdaptiveCard","version":"1.4","body":["#
                        + #"{"type":"TextBlock","text":"[FIRING] btc-above-100k","weight":"Bolder","size":"Medium","color":"Attention","wrap":true},"#
                        + #"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"Airdrop [Claim]("},"#
                        + #"{"type":"TextRun","text":"https://evil.example/x","selectAction":{"type":"Action.OpenUrl","url":"https://evil.example/x"}},"#
                        + #"{"type":"TextRun","text":") *now* <@everyone> & <!channel> _see_ "},"#
                        + #"{"type":"TextRun","text":"https://news.example/a_b?x=1&y=2","#
                        + #""selectAction":{"type":"Action.OpenUrl","url":"https://news.example/a_b?x=1&y=2"}}]},{"type":"FactSet","facts":["#
                        + #"{"title":"Metric","value":"btc.usd"},{"title":"Value","value":"100,500"},{"title":"Threshold","value":"100,000"},"#
                        + #"{"title":"Since","value":"2025-12-10 14:02 UTC"},{"title":"severity","value":"page"}]}],"msteams":{"width":"Full"}}}]}"#),
        PayloadCase(label: "telegram markup", config: #"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": -1001234567890}"#,
                    notification: ChannelFixtures.firing(message: markup), url: "https://api.telegram.org/bot123456:ABC-def_9/sendMessage",
                    headers: json,
                    body: #"{"chat_id":-1001234567890,"text":"[FIRING] btc-above-100k: \#(markup)\#(markupValues)","#
                        + #""link_preview_options":{"is_disabled":true}}"#),
        PayloadCase(label: "ntfy markup", config: #"{"type": "ntfy", "url": "https://ntfy.sh/btc-x7"}"#,
                    notification: ChannelFixtures.firing(message: markup), url: "https://ntfy.sh/btc-x7",
                    headers: [["Content-Type", "text/plain; charset=utf-8"], ["Title", "[FIRING] btc-above-100k"], ["Priority", "4"],
                              ["Tags", "rotating_light"]],
                    body: markup + "\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"),
        // Times in the channel's `time_zone`; numbers at the metric's precision (fees in tenths,
        // BTC in satoshis); a headline shows its source, not `Value: 1`.
        PayloadCase(label: "telegram in a time zone",
                    config: #"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": 42, "time_zone": "Europe/Berlin"}"#,
                    notification: ChannelFixtures.resolved, url: "https://api.telegram.org/bot123456:ABC-def_9/sendMessage", headers: json,
                    body: #"{"chat_id":42,"text":"[RESOLVED] btc-above-100k: BTC is 99400 USD, no longer above 100000\n"#
                        + #"btc.usd 99,400 (threshold 100,000), since 2025-12-10 15:02 CET","link_preview_options":{"is_disabled":true}}"#),
        PayloadCase(label: "discord fee", config: #"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc"}"#,
                    notification: ChannelFixtures.firing(metric: "fee.economy", value: 3.2466, threshold: 3),
                    url: "https://discord.com/api/webhooks/1/abc", headers: json,
                    body: #"{"content":"[FIRING] btc-above-100k: m\nfee.economy 3.2 (threshold 3), since 2025-12-10 14:02 UTC","#
                        + #""allowed_mentions":{"parse":[]}}"#),
        PayloadCase(label: "ntfy btc amount", config: #"{"type": "ntfy", "url": "https://ntfy.sh/btc-x7"}"#,
                    notification: ChannelFixtures.firing(metric: "address.shop.balance", value: 0.123456789, threshold: 0.1),
                    url: "https://ntfy.sh/btc-x7",
                    headers: [["Content-Type", "text/plain; charset=utf-8"], ["Title", "[FIRING] btc-above-100k"], ["Priority", "4"],
                              ["Tags", "rotating_light"]],
                    body: "m\naddress.shop.balance 0.12345679 (threshold 0.1), since 2025-12-10 14:02 UTC"),
        PayloadCase(label: "slack headline", config: #"{"type": "slack", "url": "https://hooks.slack.com/services/T0/B0/XYZ"}"#,
                    notification: ChannelFixtures.headline, url: "https://hooks.slack.com/services/T0/B0/XYZ", headers: json,
                    body: ##"{"text":"[FIRING] etf-news: coindesk: Spot ETF approved https://news.example/etf","attachments":[{"color":"#d63232","##
                        + ##""fields":[{"title":"Source","value":"coindesk","short":true},{"title":"Since","value":"2025-12-10 14:02 UTC","short":true}]}]}"##),
        PayloadCase(label: "telegram headline", config: #"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": 42}"#,
                    notification: ChannelFixtures.headline, url: "https://api.telegram.org/bot123456:ABC-def_9/sendMessage", headers: json,
                    body: #"{"chat_id":42,"text":"[FIRING] etf-news: coindesk: Spot ETF approved https://news.example/etf\n"#
                        + #"coindesk, 2025-12-10 14:02 UTC","link_preview_options":{"is_disabled":true}}"#),
        PayloadCase(label: "alertmanager firing", config: #"{"type": "alertmanager", "url": "http://am.example:9093/"}"#,
                    notification: ChannelFixtures.firing, url: "http://am.example:9093/api/v2/alerts", headers: json,
                    body: #"[{"labels":\#(labels),"annotations":\#(firingAnnotations),"startsAt":"2025-12-10T14:02:40.000Z"}]"#),
        PayloadCase(label: "alertmanager resolved", config: #"{"type": "alertmanager", "url": "http://am.example:9093"}"#,
                    notification: ChannelFixtures.resolved, url: "http://am.example:9093/api/v2/alerts", headers: json,
                    body: #"[{"labels":\#(labels),"annotations":\#(resolvedAnnotations),"startsAt":"2025-12-10T14:02:40.000Z","#
                        + #""endsAt":"2025-12-10T15:10:00.000Z"}]"#),
    ]

    @Test(arguments: cases)
    func requestMatchesGolden(_ golden: PayloadCase) throws {
        let channel = try ChannelConfigProbe.http(golden.config)
        let request = channel.request(for: golden.notification)
        #expect(request.url == golden.url)
        #expect(request.headers.map { [$0.name, $0.value] } == golden.headers)
        #expect(request.bodyText == golden.body)
    }

    @Test func notificationIdsAndFingerprintAreStable() {
        // Independently computed FNV-1a values (see ChannelFixtures); a change here breaks dedup.
        #expect(ChannelFixtures.firing.id == "900d6ef1ffc49baf")
        #expect(ChannelFixtures.resolved.id == "147ce63c50ff0576")
        #expect(AlertmanagerAlert(ChannelFixtures.firing).fingerprint == "37d7dc9c1d5c0bcd")
        #expect(AlertmanagerAlert(ChannelFixtures.resolved).fingerprint == AlertmanagerAlert(ChannelFixtures.firing).fingerprint)
    }
}
