import Foundation
@testable import SatwatchDelivery
import SatwatchNet
@testable import SatwatchState
import Testing

/// The requests of `"chart": true` channels for a lone notification with a chart: each read
/// back part by part (`MultipartReader`) and compared with what was meant; without a chart, in
/// a group or beyond the service's file limit, the request stays the text one.
@Suite struct ChartRequestTests {
    static let chat = "[FIRING] btc-above-100k: BTC is 100500 USD, above 100000\n"
        + "btc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"
    static let silence = "Silence 1h: https://alerts.example/silence?rule=x&sig=y"

    @Test(arguments: [("-1001234567890", "-1001234567890"), (#""@btcalerts""#, "@btcalerts")])
    func telegramSendsAPhotoWithTheTextAsCaption(_ chatID: String, _ field: String) throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "telegram", "token": "123456:ABC-def_9", "chat_id": \#(chatID), "chart": true}"#)
        let request = channel.request(for: ChannelFixtures.withChart())
        #expect(request.url == "https://api.telegram.org/bot123456:ABC-def_9/sendPhoto")
        let parts = try Self.formParts(request)
        #expect(parts.map(\.headers) == [
            [#"Content-Disposition: form-data; name="chat_id""#],
            [#"Content-Disposition: form-data; name="photo"; filename="chart.png""#, "Content-Type: image/png"],
            [#"Content-Disposition: form-data; name="caption""#],
        ])
        #expect(parts[0].text == field)
        #expect(parts[1].body == ChannelFixtures.chart)
        #expect(parts[2].text == Self.chat + "\n" + Self.silence)
    }

    @Test func discordSendsThePayloadAsJSONAndTheChartAsAFile() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "https://discord.com/api/webhooks/1/abc", "chart": true}"#)
        let request = channel.request(for: ChannelFixtures.withChart())
        #expect(request.url == "https://discord.com/api/webhooks/1/abc")
        let parts = try Self.formParts(request)
        #expect(parts.map(\.headers) == [
            [#"Content-Disposition: form-data; name="payload_json""#, "Content-Type: application/json"],
            [#"Content-Disposition: form-data; name="files[0]"; filename="chart.png""#, "Content-Type: image/png"],
        ])
        let content = (Self.chat + "\n" + Self.silence).replacingOccurrences(of: "\n", with: #"\n"#)
        #expect(parts[0].text == #"{"content":"\#(content)","allowed_mentions":{"parse":[]}}"#)
        #expect(parts[1].body == ChannelFixtures.chart)
    }

    @Test func ntfySendsTheChartAsTheBodyAndTheMessageAsAHeader() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "ntfy", "url": "https://ntfy.sh/btc-x7", "token": "tk_abc", "chart": true}"#)
        let request = channel.request(for: ChannelFixtures.withChart())
        #expect(request.url == "https://ntfy.sh/btc-x7")
        #expect(request.headers.map { [$0.name, $0.value] } == [
            ["Content-Type", "image/png"], ["Title", "[FIRING] btc-above-100k"], ["Priority", "4"], ["Tags", "rotating_light"],
            ["Filename", "chart.png"], ["Message", #"BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC\n\n"#
                + Self.silence],
            ["Authorization", "Bearer tk_abc"],
        ])
        #expect(request.body == ChannelFixtures.chart)
    }

    @Test(arguments: [
        ("one line", "one line"), ("a\nb", #"a\nb"#), ("a\r\nb", #"a\nb"#), ("a\rb", #"a\nb"#), ("a\n\n\nb", #"a\n\n\nb"#),
        ("tab\there\u{0}", "tab here "), ("x\u{2028}y\u{85}z", "x y z"), ("Prix € ✓ 🚀", "Prix € ✓ 🚀"),
    ])
    func ntfyMessageHeaderIsOneLine(_ text: String, _ header: String) {
        #expect(NtfyChannel.headerText(text) == header)
    }

    @Test func smtpMailShowsTheChartInlineAfterTheText() throws {
        let probe = try ChannelConfigProbe(#"{\#(SMTPChannelTests.base), "url": "smtp://h", "chart": true}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let mail = channel.request(for: ChannelFixtures.withChart()).message
        let (head, body) = try Self.splitMail(mail)
        #expect(head.filter { $0.hasPrefix("Content-") } == [#"Content-Type: multipart/related; boundary="\#(try MultipartReader.boundary(of: head.joined()))"; type="text/plain""#])
        #expect(head.contains("MIME-Version: 1.0") && head.contains("Auto-Submitted: auto-generated"))
        let parts = try MultipartReader.parts(body, boundary: MultipartReader.boundary(of: head.joined()))
        #expect(parts.map(\.headers) == [
            ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 7bit"],
            ["Content-Type: image/png", "Content-Transfer-Encoding: base64", "Content-ID: <chart@satwatch>",
             #"Content-Disposition: inline; filename="chart.png""#],
        ])
        #expect(parts[0].text == String(decoding: channel.mail(for: ChannelFixtures.firing, extras: ChannelFixtures.withChart().extras[0])
            .rendered(), as: UTF8.self).components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n"))
        let lines = parts[1].text.components(separatedBy: "\r\n")
        #expect(lines.dropLast().allSatisfy { $0.count == 76 } && lines.last!.count <= 76)
        #expect(Data(base64Encoded: lines.joined()).map([UInt8].init) == ChannelFixtures.chart)
        #expect(String(decoding: mail, as: UTF8.self).components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 998 })
    }

    /// The header lines (folding undone) and the body of a rendered mail.
    static func splitMail(_ mail: [UInt8]) throws -> (head: [String], body: [UInt8]) {
        let split = try #require(MultipartReader.occurrences(of: [13, 10, 13, 10], in: mail).first)
        let head = String(decoding: mail[..<split], as: UTF8.self).replacingOccurrences(of: "\r\n ", with: " ")
        return (head.components(separatedBy: "\r\n"), Array(mail[(split + 4)...]))
    }

    /// The parts of a `multipart/form-data` request, checking its content type on the way.
    static func formParts(_ request: ChannelRequest) throws -> [MultipartReader.Part] {
        let contentType = try #require(request.header("Content-Type"))
        #expect(request.headers.count == 1)
        #expect(contentType.hasPrefix("multipart/form-data; boundary=satwatch-"))
        return try MultipartReader.parts(request.body, boundary: MultipartReader.boundary(of: contentType))
    }
}
