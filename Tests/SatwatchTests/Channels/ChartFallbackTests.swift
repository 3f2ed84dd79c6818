@testable import SatwatchDelivery
import Testing

/// When a `"chart": true` channel sends text only: no chart made, a group (one chart per
/// message would pick one alert's), a chart beyond the service's file limit; and Telegram's
/// caption, shorter than its messages.
@Suite struct ChartFallbackTests {
    /// The text goldens of the channels that attach charts, with `"chart": true` added.
    @Test(arguments: PayloadGoldenTests.cases.filter { ["telegram", "discord", "ntfy"].contains($0.label.split(separator: " ")[0]) })
    func withoutAChartTheRequestIsTheGolden(_ golden: PayloadCase) throws {
        let channel = try ChannelConfigProbe.http(String(golden.config.dropLast()) + #", "chart": true}"#)
        #expect(channel.attachesChart)
        let request = channel.request(for: NotificationGroup(golden.notification, extras: NotificationExtras(chart: nil)))
        #expect(request.url == golden.url)
        #expect(request.headers.map { [$0.name, $0.value] } == golden.headers)
        #expect(request.bodyText == golden.body)
    }

    static let httpChannels: [(config: String, limit: Int)] = [
        (#"{"type": "telegram", "token": "1:a", "chat_id": 1, "chart": true}"#, 10_000_000),
        (#"{"type": "discord", "url": "http://127.0.0.1:1/x", "chart": true}"#, 8_000_000),
        (#"{"type": "ntfy", "url": "http://127.0.0.1:1/t", "chart": true}"#, 15_000_000),
    ]

    /// A chart of exactly the limit goes; one byte more and the notification goes as text.
    @Test(arguments: httpChannels)
    func chartsBeyondTheFileLimitAreLeftOut(_ config: String, _ limit: Int) throws {
        let channel = try ChannelConfigProbe.http(config)
        let text = channel.request(for: ChannelFixtures.firing)
        let atLimit = channel.request(for: ChannelFixtures.withChart([UInt8](repeating: 7, count: limit)))
        #expect(atLimit.header("Content-Type") != text.header("Content-Type"))
        #expect(atLimit.body.count >= limit)
        let over = channel.request(for: ChannelFixtures.withChart([UInt8](repeating: 7, count: limit + 1)))
        #expect(over == channel.request(for: NotificationGroup(ChannelFixtures.firing, extras: ChannelFixtures.withChart().extras[0].withoutChart)))
    }

    @Test(arguments: httpChannels)
    func aGroupGoesAsTextEvenWithCharts(_ config: String, _ limit: Int) throws {
        let channel = try ChannelConfigProbe.http(config)
        let extras = ChannelFixtures.withChart().extras[0]
        let group = NotificationGroup([ChannelFixtures.firing, ChannelFixtures.resolved], extras: [extras, extras])
        let plain = NotificationGroup([ChannelFixtures.firing, ChannelFixtures.resolved], extras: [extras.withoutChart, extras.withoutChart])
        #expect(channel.request(for: group) == channel.request(for: plain))
        #expect(!channel.request(for: group).body.starts(with: ChannelFixtures.chart.prefix(8)))
    }

    @Test func smtpLeavesOutAGroupsChartsAndAnOversizedOne() throws {
        let probe = try ChannelConfigProbe(#"{\#(SMTPChannelTests.base), "url": "smtp://h", "chart": true}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        func isMultipart(_ group: NotificationGroup) -> Bool {
            String(decoding: channel.request(for: group).message, as: UTF8.self).contains("Content-Type: multipart/related;")
        }
        let extras = ChannelFixtures.withChart().extras[0]
        #expect(isMultipart(ChannelFixtures.withChart()))
        #expect(!isMultipart(NotificationGroup([ChannelFixtures.firing, ChannelFixtures.resolved], extras: [extras, extras])))
        #expect(!isMultipart(ChannelFixtures.withChart([UInt8](repeating: 7, count: SMTPChannel.chartLimit + 1))))
        #expect(!isMultipart(NotificationGroup(ChannelFixtures.firing, extras: extras.withoutChart)))
    }

    static let tail = "\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC\n" + ChartRequestTests.silence

    /// A caption over 1024 characters cuts the headline and keeps the values and the link.
    @Test func telegramCaptionKeepsTheLinkWhenTheMessageIsLong() {
        let notification = ChannelFixtures.firing(message: String(repeating: "₿", count: 2000))
        let caption = TelegramChannel.caption(for: notification, ChannelFixtures.withChart().extras[0])
        #expect(caption.utf16.count == 1024)
        #expect(caption.hasPrefix("[FIRING] btc-above-100k: ₿₿₿"))
        #expect(caption.hasSuffix("₿…" + Self.tail))
        // A caption that fits is the chat text itself.
        let short = TelegramChannel.caption(for: ChannelFixtures.firing, ChannelFixtures.withChart().extras[0])
        #expect(short == ChartRequestTests.chat + "\n" + ChartRequestTests.silence)
    }

    /// When the values and link alone leave under 80 characters, the whole text is cut at 1024.
    @Test func telegramCaptionWithAHugeTailIsCutAtTheLimit() {
        let url = "https://alerts.example/" + String(repeating: "s", count: 950)
        let caption = TelegramChannel.caption(for: ChannelFixtures.firing, NotificationExtras(silenceURL: url))
        #expect(caption.utf16.count == 1024)
        #expect(caption.hasPrefix(ChartRequestTests.chat + "\nSilence 1h: https://alerts.example/sss"))
        #expect(caption.hasSuffix("s…"))
    }
}
