import Foundation
@testable import SatwatchDelivery
import Testing
import SatwatchTestSupport

/// Charts delivered to real servers: the HTTP peer records what Telegram, Discord and ntfy
/// would receive and Python's `email` package reads the form back; the SMTP peer (aiosmtpd)
/// parses the mail. In every case the image Python extracts is the chart, and it decodes
/// (Python's zlib) to a 600 x 300 picture.
@Suite struct ChartPeerDeliveryTests {
    static let decodedChart = "600 300 3 IHDR,PLTE,IDAT,IEND"
    static let caption = ChartRequestTests.chat + "\n" + ChartRequestTests.silence

    /// Config templates as in `HTTPPeerDeliveryTests`; the parts expected as
    /// `[name, filename, content type]` (empty for none) and the text of the first part.
    @Test(arguments: [
        (#"{"type": "telegram", "token": "123456:ABC-def", "chat_id": 42, "url": "BASE", "chart": true}"#, "/bot123456:ABC-def/sendPhoto",
         [["chat_id", "", ""], ["photo", "chart.png", "image/png"], ["caption", "", ""]], "42"),
        (#"{"type": "discord", "url": "URL", "chart": true}"#, "",
         [["payload_json", "", "application/json"], ["files[0]", "chart.png", "image/png"]],
         #"{"content":"\#(caption.replacingOccurrences(of: "\n", with: #"\n"#))","allowed_mentions":{"parse":[]}}"#),
    ] as [(String, String, [[String]], String)])
    func formArrivesAndPythonReadsTheChart(_ template: String, _ path: String, _ expected: [[String]], _ firstText: String) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let config = template.replacingOccurrences(of: "URL", with: endpoint.url()).replacingOccurrences(of: "BASE", with: endpoint.base())
        let channel = try ChannelConfigProbe.http(config)
        #expect(await channel.deliver(ChannelFixtures.withChart()) == .delivered)
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.path == (path.isEmpty ? endpoint.path + endpoint.query : endpoint.path + path))
        let contentType = try #require(recorded.header("Content-Type"))
        #expect(recorded.body == channel.request(for: ChannelFixtures.withChart()).body)
        let form = try await PythonMultipart.parse(contentType: contentType, body: recorded.body)
        #expect(form.type == "multipart/form-data")
        #expect(form.defects == [])
        #expect(form.parts.map { [$0.name ?? "", $0.filename ?? "", $0.contentType ?? ""] } == expected)
        #expect(form.parts.first?.text == firstText)
        if expected.count == 3 { #expect(form.parts[2].text == Self.caption) }
        let image = try #require(form.parts.first { $0.filename == "chart.png" })
        #expect(image.payload == ChannelFixtures.chart)
        #expect(try await PythonProbe.decodedPNG(image.payload).summary == Self.decodedChart)
    }

    @Test func ntfyAttachmentArrivesWithItsMessageHeader() async throws {
        let endpoint = try await HTTPPeer.shared().endpoint()
        let channel = try ChannelConfigProbe.http(#"{"type": "ntfy", "url": "\#(endpoint.url())", "token": "tk_x", "chart": true}"#)
        #expect(await channel.deliver(ChannelFixtures.withChart()) == .delivered)
        let recorded = try #require(try endpoint.requests().first)
        #expect(recorded.method == "POST")
        #expect(recorded.header("Content-Type") == "image/png")
        #expect(recorded.header("Filename") == "chart.png")
        #expect(recorded.header("Title") == "[FIRING] btc-above-100k")
        #expect(recorded.header("Authorization") == "Bearer tk_x")
        // What ntfy does with the header: `\n` back to line breaks.
        let message = try #require(recorded.header("Message")).replacingOccurrences(of: #"\n"#, with: "\n")
        #expect(message == "BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC\n\n"
                + ChartRequestTests.silence)
        #expect(recorded.body == ChannelFixtures.chart)
        #expect(try await PythonProbe.decodedPNG(recorded.body).summary == Self.decodedChart)
    }

    /// A self-hosted ntfy without attachments refuses the chart (400, code 40014): the text goes
    /// at once, as without a chart. Another 400 stays a failure with no second request.
    @Test(arguments: [
        (#"{"code":40014,"http":400,"error":"invalid request: attachments not allowed","link":"https://ntfy.sh/docs/config/#attachments"}"#, true),
        (#"{"code":40010,"http":400,"error":"invalid request: topic invalid"}"#, false),
    ])
    func ntfyWithoutAttachmentsGetsTheTextAlone(_ answer: String, _ retried: Bool) async throws {
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 400, body: answer)])
        let channel = try ChannelConfigProbe.http(#"{"type": "ntfy", "url": "\#(endpoint.url())", "chart": true}"#)
        let outcome = await channel.deliver(ChannelFixtures.withChart())
        let requests = try endpoint.requests()
        #expect(requests.first?.header("Content-Type") == "image/png")
        if retried {
            #expect(outcome == .delivered)
            #expect(requests.count == 2)
            #expect(requests.last?.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(requests.last?.body == Array(("BTC is 100500 USD, above 100000\nbtc.usd 100,500 (threshold 100,000), "
                + "since 2025-12-10 14:02 UTC\n\n" + ChartRequestTests.silence).utf8))
        } else {
            #expect(outcome == .failed(.init("HTTP 400 Bad Request: " + answer, retryable: false)))
            #expect(requests.count == 1)
        }
    }

    @Test func smtpMailArrivesWithTheChartInline() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let channel = try #require(try ChannelConfigProbe(
            #"{"type": "smtp", "url": "\#(peer.url())", "tls": "none", "from": "alerts@example.test", "to": ["me@example.test"], "chart": true}"#).channel)
        var notification = ChannelFixtures.firing(message: "Prix: 100 500 € ✓")
        notification.id = "chart-mail-\(UUID().uuidString)"
        #expect(await channel.deliver(ChannelFixtures.withChart(notification: notification)) == .delivered)
        let received = try #require(try peer.message(id: "\(notification.id)@satwatch"))
        #expect(received.defects == [])
        #expect(received.header("Content-Type")?.hasPrefix("multipart/related;") == true)
        #expect(received.header("Subject") == "[FIRING] btc-above-100k: Prix: 100 500 € ✓")
        // The text part as a single-part mail's body (quoted-printable, decoded by Python).
        #expect(received.body.replacingOccurrences(of: "\r\n", with: "\n") == "Prix: 100 500 € ✓\n\nMetric: btc.usd\nValue: 100,500\n"
            + "Threshold: 100,000\nSince: 2025-12-10 14:02 UTC\nseverity: page\n\n\(ChartRequestTests.silence)\n")
        #expect(received.parts.map(\.contentType) == ["text/plain", "image/png"])
        let image = received.parts[1]
        #expect(image.contentID == "<chart@satwatch>")
        #expect(image.disposition == "inline")
        #expect(image.filename == "chart.png")
        #expect(image.payload == ChannelFixtures.chart)
        #expect(try await PythonProbe.decodedPNG(image.payload).summary == Self.decodedChart)
    }
}
