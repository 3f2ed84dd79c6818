import Foundation
import Testing
@testable import SatwatchNet

/// `MailMessage.rendered()`: exact bytes, header encoding and folding, injection safety.
@Suite("MailMessage")
struct MailMessageTests {
    static func message(subject: String = "BTC above 100k", body: String = "BTC is 100500 USD.\n",
                        extra: [(name: String, value: String)] = []) throws -> MailMessage {
        try MailMessage(from: MailAddress(parsing: "satwatch <alerts@example.test>"),
                        to: [MailAddress(parsing: "me@example.test"), MailAddress(parsing: "Ops Team <ops@example.test>")],
                        subject: subject, body: body, date: 1_445_412_480, messageID: "n-42@satwatch.test",
                        extraHeaders: extra)
    }

    static func text(_ message: MailMessage) -> String {
        String(decoding: message.rendered(), as: UTF8.self)
    }

    /// Header lines of a rendered message with folding undone.
    static func unfoldedHeaders(_ message: MailMessage) -> [String] {
        let head = text(message).components(separatedBy: "\r\n\r\n")[0]
        return head.replacingOccurrences(of: "\r\n ", with: " ").components(separatedBy: "\r\n")
    }

    @Test("a plain ASCII message, byte for byte")
    func golden() throws {
        let expected = """
            Date: Wed, 21 Oct 2015 07:28:00 +0000\r
            From: satwatch <alerts@example.test>\r
            To: me@example.test, Ops Team <ops@example.test>\r
            Subject: BTC above 100k\r
            Message-ID: <n-42@satwatch.test>\r
            MIME-Version: 1.0\r
            Content-Type: text/plain; charset=utf-8\r
            Content-Transfer-Encoding: 7bit\r
            Auto-Submitted: auto-generated\r
            X-Satwatch-Rule: btc-above-100k\r
            \r
            BTC is 100500 USD.\r

            """
        let message = try Self.message(extra: [("X-Satwatch-Rule", "btc-above-100k"), ("Bcc", "x"), ("to", "y")]
                                       .map { (name: $0.0, value: $0.1) })
        #expect(Self.text(message) == expected)
        #expect(message.envelopeRecipients == ["me@example.test", "ops@example.test"])
    }

    @Test("dates in RFC 5322 form", arguments: [
        (Int64(0), "Thu, 01 Jan 1970 00:00:00 +0000"), (951_825_600, "Tue, 29 Feb 2000 12:00:00 +0000"),
        (1_735_689_599, "Tue, 31 Dec 2024 23:59:59 +0000"), (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 +0000"),
    ])
    func date(epoch: Int64, expected: String) {
        #expect(MailDate.format(epochSeconds: epoch) == expected)
    }

    @Test("subjects: encoded words of at most 75 characters, lines of at most 76, decoding to the text",
          arguments: ["Prix € 100", "Bitcoin über 100.000 € — Gebühren fallen 🚀🚀🚀 " + String(repeating: "ü", count: 80),
                      "👨‍👩‍👧‍👦 family " + String(repeating: "👨‍👩‍👧‍👦", count: 5), "ascii but =?looks?= encoded",
                      String(repeating: "x", count: 1200)])
    func encodedSubject(subject: String) throws {
        let message = try Self.message(subject: subject)
        let lines = Self.text(message).components(separatedBy: "\r\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("Subject: ") })
        let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix(" ") } ?? lines.count
        let subjectLines = lines[start..<end]
        #expect(subjectLines.allSatisfy { $0.utf8.count <= 76 })
        let words = subjectLines.joined(separator: " ").split(separator: " ").dropFirst()
        #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") && $0.count <= 75 })
        var decoded: [UInt8] = []
        for word in words {
            let chunk = try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
            // Each word holds whole characters: it decodes as UTF-8 on its own.
            #expect(String(validating: [UInt8](chunk), as: UTF8.self) != nil)
            decoded += chunk
        }
        #expect(String(decoding: decoded, as: UTF8.self) == subject)
    }

    @Test("a long ASCII subject is folded at spaces and unfolds to the original")
    func foldedSubject() throws {
        let subject = (1...30).map { "word\($0)" }.joined(separator: " ")
        let message = try Self.message(subject: subject)
        let lines = Self.text(message).components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 78 })
        #expect(Self.unfoldedHeaders(message).contains("Subject: " + subject))
    }

    @Test("CR, LF and control characters in any header value never make a header line", arguments: [
        "Hi\r\nBcc: evil@x.example", "Hi\nBcc: evil@x.example", "Hi\rBcc: evil@x.example",
        "Hi\u{0}\u{85}\u{2028}Bcc: evil@x.example", "Hi\r\n\r\nbody injection",
    ])
    func injection(evil: String) throws {
        var message = try Self.message(subject: evil, extra: [(name: "X-Note", value: evil), (name: "X-\r\nNote2", value: "v")])
        message.from.displayName = evil
        let headers = Self.unfoldedHeaders(message)
        #expect(headers.count == 11)
        #expect(!headers.contains { $0.lowercased().hasPrefix("bcc") })
        #expect(headers.allSatisfy { !$0.contains("\r") && !$0.contains("\n") && !$0.contains("\u{0}") })
        #expect(headers.contains("X-Note2: v"))
    }

    @Test("body encoding", arguments: [
        ("line one\nline two", "7bit", "line one\r\nline two\r\n"),
        ("crlf\r\nand cr\rend\n", "7bit", "crlf\r\nand cr\r\nend\r\n"),
        (".\n..dots\n", "7bit", ".\r\n..dots\r\n"),
        ("Gebühr: 3 sat/vB\n", "quoted-printable", "Geb=C3=BChr: 3 sat/vB\r\n"),
        (String(repeating: "a", count: 1000), "quoted-printable", String(repeating: "a", count: 75) + "=\r\n"),
    ])
    func body(body: String, encoding: String, start: String) throws {
        let message = try Self.message(body: body)
        let parts = Self.text(message).components(separatedBy: "\r\n\r\n")
        #expect(parts[0].contains("Content-Transfer-Encoding: \(encoding)\r\n"))
        let renderedBody = parts.dropFirst().joined(separator: "\r\n\r\n")
        #expect(renderedBody.hasPrefix(start))
        #expect(renderedBody.hasSuffix("\r\n"))
        #expect(renderedBody.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 998 })
    }

    @Test("Message-ID cleaning", arguments: [
        ("n-42@satwatch.test", "n-42@satwatch.test"), ("<n-42@satwatch.test>", "n-42@satwatch.test"),
        ("n 42\r\n@x", "n42@x"), ("plain-id", "plain-id@satwatch.invalid"), ("", "notification@satwatch.invalid"),
    ])
    func messageID(id: String, expected: String) {
        #expect(MailMessage.cleanMessageID(id) == expected)
    }
}
