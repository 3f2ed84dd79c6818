@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
import Testing

/// Messages for people: numbers grouped in thousands at their metric's precision, times to the
/// minute in the channel's `time_zone`, no id in the text, no silence link on a resolve.
@Suite struct HumanTextTests {
    @Test(arguments: [
        ("btc.usd", 96123.5, "96,123.5"), ("btc.usd", 96123.456, "96,123.46"), ("btc.usd", 100000, "100,000"),
        ("eth.eur", -1234567.891, "-1,234,567.89"), ("shib.usd", 0.0000123456, "0.00001235"), ("btc.usd", 0.5, "0.5"),
        ("realized_price.usd", 41234.5678, "41,234.57"), ("portfolio.main", 51000.123, "51,000.12"),
        ("fee.economy", 3.2466, "3.2"), ("fee.fastest", 12, "12"), ("tx.rent.fee_rate", 18.75, "18.8"),
        ("mvrv", 2.71828, "2.718"), ("nupl", 0.61234, "0.6123"), ("mayer_multiple", 1.25, "1.25"),
        ("eth.btc", 0.0523456789, "0.05234568"), ("address.shop.balance", 12.3456789012, "12.3456789"),
        ("address.shop.unconfirmed", -0.0001, "-0.0001"), ("block.height", 870001, "870,001"),
        ("mempool.vsize", 4000000.4, "4,000,000"), ("tx.rent.confirmations", 3, "3"),
        ("difficulty.change", -1.2345, "-1.23"), ("funding.btc_perpetual", 0.0123456, "0.01235"),
        ("push.temperature", 1234567.123456789, "1,234,567.1"), ("option.btc_27dec26_100000_c.delta", 0.123456789, "0.12345679"),
        ("btc.usd", -0.0001, "-0.0001"), ("btc.usd", 0, "0"), ("btc.usd", -0.001, "-0.001"),
    ] as [(String, Double, String)])
    func numbersShowTheMetricsPrecision(_ metric: String, _ value: Double, _ shown: String) {
        #expect(DisplayNumber.human(value, metric: metric) == shown)
    }

    @Test func timesShowToTheMinuteInTheZone() throws {
        let instant = try #require(Timestamp(rfc3339: "2026-11-29T05:16:07.597Z"))
        #expect(DisplayTime.utc.format(instant) == "2026-11-29 05:16 UTC")
        let berlin = DisplayTime(zone: try TimeZoneRules.load(named: "Europe/Berlin"))
        #expect(berlin.format(instant) == "2026-11-29 06:16 CET")
        #expect(berlin.format(try #require(Timestamp(rfc3339: "2026-07-01T12:00:00Z"))) == "2026-07-01 14:00 CEST")
        let newYork = DisplayTime(zone: try TimeZoneRules.load(named: "America/New_York"))
        #expect(newYork.format(instant) == "2026-11-29 00:16 EST")
    }

    /// `time_zone` on every channel people read, checked at its place like any key.
    @Test(arguments: ["slack", "teams", "discord", "telegram", "ntfy", "smtp"])
    func aChannelsTimeZoneIsChecked(_ type: String) throws {
        let settings = switch type {
        case "telegram": #""token": "1:a", "chat_id": 1"#
        case "smtp": #""url": "smtp://h", "from": "a@b.c", "to": ["d@e.f"]"#
        default: #""url": "https://hooks.example/x""#
        }
        let good = try ChannelConfigProbe(#"{"type": "\#(type)", \#(settings), "time_zone": "Europe/Berlin"}"#)
        #expect(good.problems == [])
        #expect(good.channel != nil)
        let snippet = #"{"type": "\#(type)", \#(settings), "time_zone": "Europe/Berln"}"#
        let bad = try ChannelConfigProbe(snippet)
        let column = snippet.utf8.count - #""Europe/Berln"}"#.utf8.count + 1
        #expect(bad.problems == [#"1:\#(column): unknown time zone "Europe/Berln" (did you mean "Europe/Berlin"?)"#])
        #expect(bad.channel == nil)
    }

    /// A resolve has nothing left to silence: no chat or mail shows the link, which the firing
    /// showed; the text shows no notification id either (it is in the machine fields).
    @Test(arguments: ["slack", "teams", "discord", "telegram", "ntfy"])
    func aResolveCarriesNoSilenceLinkAndNoID(_ type: String) throws {
        let settings = type == "telegram" ? #""token": "1:a", "chat_id": 1"# : #""url": "https://hooks.example/x""#
        let channel = try ChannelConfigProbe.http(#"{"type": "\#(type)", \#(settings)}"#)
        let extras = NotificationExtras(silenceURL: "https://alerts.example.test/silence/abc")
        let firing = channel.request(for: NotificationGroup(ChannelFixtures.firing, extras: extras)).bodyText
        let resolved = channel.request(for: NotificationGroup(ChannelFixtures.resolved, extras: extras)).bodyText
        #expect(firing.contains("Silence 1h"))
        #expect(!resolved.contains("Silence 1h") && !resolved.contains("silence/abc"))
        for (text, id) in [(firing, ChannelFixtures.firing.id), (resolved, ChannelFixtures.resolved.id)] {
            #expect(!text.contains(id) && !text.contains("ID"))
        }
    }

    @Test func aResolvedMailHasNoSilenceLinkAndKeepsItsIDInTheHeader() throws {
        let probe = try ChannelConfigProbe(#"{"type": "smtp", "url": "smtp://h", "from": "a@b.c", "to": ["d@e.f"]}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let extras = NotificationExtras(silenceURL: "https://alerts.example.test/silence/abc")
        let mail = String(decoding: channel.mail(for: ChannelFixtures.resolved, extras: extras).rendered(), as: UTF8.self)
        #expect(mail.contains("Message-ID: <\(ChannelFixtures.resolved.id)@satwatch>"))
        let body = mail.split(separator: "\r\n\r\n", maxSplits: 1).last ?? ""
        #expect(!body.contains(ChannelFixtures.resolved.id) && !body.contains("Silence 1h"))
        #expect(body.contains("Resolved: 2025-12-10 15:10 UTC"))
    }
}
