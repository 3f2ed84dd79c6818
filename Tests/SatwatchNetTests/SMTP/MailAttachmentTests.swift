import Foundation
import Testing
@testable import SatwatchNet

/// `MailMessage` with attachments: `multipart/related`, the text part as a single-part mail's
/// body, each file base64 in 76-character lines; without attachments nothing changes.
@Suite("MailAttachment")
struct MailAttachmentTests {
    static let png = MailAttachment(filename: "chart.png", contentType: "image/png", contentID: "chart@satwatch", data: Array(0..<100))

    @Test("a message with an inline image, byte for byte")
    func golden() throws {
        var message = try MailMessageTests.message(extra: [(name: "X-Satwatch-Rule", value: "btc-above-100k")])
        message.attachments = [Self.png]
        let boundary = "satwatch-7eed1518bc2d0256"  // FNV-1a of the two parts: pinned, rendering is pure
        let expected = """
            Date: Wed, 21 Oct 2015 07:28:00 +0000\r
            From: satwatch <alerts@example.test>\r
            To: me@example.test, Ops Team <ops@example.test>\r
            Subject: BTC above 100k\r
            Message-ID: <n-42@satwatch.test>\r
            MIME-Version: 1.0\r
            Content-Type: multipart/related; boundary="\(boundary)";\r
             type="text/plain"\r
            Auto-Submitted: auto-generated\r
            X-Satwatch-Rule: btc-above-100k\r
            \r
            --\(boundary)\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Transfer-Encoding: 7bit\r
            \r
            BTC is 100500 USD.\r
            \r
            --\(boundary)\r
            Content-Type: image/png\r
            Content-Transfer-Encoding: base64\r
            Content-ID: <chart@satwatch>\r
            Content-Disposition: inline; filename="chart.png"\r
            \r
            AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4\r
            OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw==\r
            --\(boundary)--\r

            """
        #expect(MailMessageTests.text(message) == expected)
    }

    @Test("without attachments the message is the single-part one")
    func noAttachments() throws {
        var message = try MailMessageTests.message()
        let plain = message.rendered()
        message.attachments = []
        #expect(message.rendered() == plain)
        #expect(!MailMessageTests.text(message).contains("multipart"))
    }

    @Test("a non-ASCII text part stays quoted-printable; every line fits", arguments: [100, 3000, 57 * 40])
    func quotedPrintableTextAndLongFiles(size: Int) throws {
        var message = try MailMessageTests.message(body: "Gebühr: 3 sat/vB\n" + String(repeating: "x", count: 1200))
        message.attachments = [MailAttachment(filename: "data.bin", contentType: "application/octet-stream", data: (0..<size).map { UInt8($0 % 251) })]
        let text = MailMessageTests.text(message)
        #expect(text.contains("Content-Transfer-Encoding: quoted-printable\r\n\r\nGeb=C3=BChr: 3 sat/vB\r\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 998 })
        // No Content-ID given, none written.
        #expect(!text.contains("Content-ID"))
        let encoded = text.components(separatedBy: "filename=\"data.bin\"\r\n\r\n")[1].components(separatedBy: "\r\n--")[0]
        #expect(encoded.components(separatedBy: "\r\n").allSatisfy { $0.count <= 76 })
        #expect(Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")).map([UInt8].init) == (0..<size).map { UInt8($0 % 251) })
    }

    @Test("file names and content ids cannot break their fields", arguments: [
        ("chart.png", "chart.png"), ("a\"b\r\nBcc: x.png", "a_b__Bcc__x.png"), ("grafik-ü.png", "grafik-_.png"), ("", "attachment"),
    ])
    func cleanNames(name: String, clean: String) throws {
        #expect(MailMessage.cleanFilename(name) == clean)
        var message = try MailMessageTests.message()
        message.attachments = [MailAttachment(filename: name, contentType: "image/png\r\nBcc: evil@x", contentID: "<a b>\r\n", data: [1])]
        let text = MailMessageTests.text(message)
        #expect(text.contains("Content-Disposition: inline; filename=\"\(clean)\"\r\n"))
        #expect(text.contains("Content-Type: image/png  Bcc: evil@x\r\n"))
        #expect(text.contains("Content-ID: <ab@satwatch.invalid>\r\n"))
    }
}
