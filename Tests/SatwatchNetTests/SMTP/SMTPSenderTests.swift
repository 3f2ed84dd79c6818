import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Deliveries through libcurl to `Tests/Peers/smtp_peer.py` (aiosmtpd) over loopback: plain,
/// STARTTLS + AUTH PLAIN and implicit TLS + AUTH LOGIN, each peer with its own private CA.
@Suite("SMTPSender against smtp_peer.py")
struct SMTPSenderTests {
    let sender = SMTPSender()

    /// A message with a fresh Message-ID, by which the test finds it at the peer.
    static func message(subject: String = "BTC above 100k", body: String = "BTC is 100500 USD.\n",
                        to: [String] = ["me@example.test"]) throws -> (MailMessage, id: String) {
        let id = "\(UUID().uuidString)@satwatch.test"
        let message = try MailMessage(from: MailAddress(parsing: "satwatch <alerts@example.test>"),
                                      to: to.map { try MailAddress(parsing: $0) }, subject: subject,
                                      body: body, date: 1_445_412_480, messageID: id)
        return (message, id)
    }

    static func request(_ peer: SMTPPeer, _ message: MailMessage, security: SMTPSecurity, password: String? = SMTPPeer.password,
                        caFile: Bool = true, url: String? = nil) -> SMTPRequest {
        SMTPRequest(url: url ?? peer.url(), security: security,
                    username: peer.mode == .plain ? nil : SMTPPeer.user, password: peer.mode == .plain ? nil : password,
                    from: message.from.address, recipients: message.envelopeRecipients, message: message.rendered(),
                    timeout: .seconds(10), caFile: caFile ? peer.caFile : nil)
    }

    @Test("plain delivery to two recipients: envelope and bytes exact")
    func plainTwoRecipients() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let (message, id) = try Self.message(to: ["me@example.test", "Ops <ops@example.test>"])
        try await sender.send(Self.request(peer, message, security: .none, caFile: false))
        let received = try #require(try peer.message(id: id))
        #expect(received.mailFrom == "alerts@example.test")
        #expect(received.recipients == ["me@example.test", "ops@example.test"])
        #expect(received.content == message.rendered())
        #expect(!received.tls)
        #expect(received.defects.isEmpty)
    }

    @Test("STARTTLS with AUTH PLAIN and the private CA")
    func starttlsAuth() async throws {
        let peer = try await SMTPPeer.shared(.starttls)
        let (message, id) = try Self.message()
        try await sender.send(Self.request(peer, message, security: .starttls))
        let received = try #require(try peer.message(id: id))
        #expect(received.tls)
        #expect(received.authMechanism == "PLAIN")
        #expect(received.login == SMTPPeer.user)
        #expect(received.content == message.rendered())
    }

    @Test("implicit TLS with AUTH LOGIN, from an smtps:// URL or an smtp:// one", arguments: ["smtps", "smtp"])
    func implicitTLS(scheme: String) async throws {
        let peer = try await SMTPPeer.shared(.smtps)
        let (message, id) = try Self.message()
        try await sender.send(Self.request(peer, message, security: .implicit, url: "\(scheme)://localhost:\(peer.port)"))
        let received = try #require(try peer.message(id: id))
        #expect(received.tls)
        #expect(received.authMechanism == "LOGIN")
        #expect(received.content == message.rendered())
    }

    @Test("UTF-8 subject and body arrive intact as Python's email package reads them")
    func encodedContent() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let subject = "Bitcoin über 100.000 € — Gebühren fallen 🚀 " + String(repeating: "ä", count: 40)
        let body = "Grüße! BTC ist 100.500 €.\n.\n..zwei Punkte\n" + String(repeating: "lange Zeile ", count: 120) + "\nEnde\n"
        let (message, id) = try Self.message(subject: subject, body: body)
        try await sender.send(Self.request(peer, message, security: .none, caFile: false))
        let received = try #require(try peer.message(id: id))
        #expect(received.values("Subject") == [subject])
        #expect(received.values("Content-Transfer-Encoding") == ["quoted-printable"])
        #expect(received.body.replacingOccurrences(of: "\r\n", with: "\n") == body)
        #expect(received.values("Date") == ["Wed, 21 Oct 2015 07:28:00 +0000"])
        #expect(received.values("From") == ["satwatch <alerts@example.test>"])
        #expect(received.content == message.rendered())
        #expect(received.defects.isEmpty)
    }

    @Test("lines starting with a dot survive (curl stuffs them, the server unstuffs them)")
    func dotLines() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let (message, id) = try Self.message(body: ".\n..\n.hidden\nend\n.")
        try await sender.send(Self.request(peer, message, security: .none, caFile: false))
        let received = try #require(try peer.message(id: id))
        #expect(received.content == message.rendered())
        #expect(received.values("Content-Transfer-Encoding") == ["7bit"])
    }

    @Test("a subject carrying CRLF Bcc: adds neither a header nor a recipient")
    func subjectInjection() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let (message, id) = try Self.message(subject: "Hi\r\nBcc: evil@x.example")
        try await sender.send(Self.request(peer, message, security: .none, caFile: false))
        let received = try #require(try peer.message(id: id))
        #expect(received.values("Bcc").isEmpty)
        #expect(received.values("Subject") == ["Hi  Bcc: evil@x.example"])
        #expect(received.recipients == ["me@example.test"])
    }
}
