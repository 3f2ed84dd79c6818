import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Failures carry curl's code and the SMTP reply code, against the real aiosmtpd peers.
@Suite("SMTPSender failures")
struct SMTPSenderFailureTests {
    let sender = SMTPSender()

    func failure(_ request: SMTPRequest) async -> SMTPError? {
        await #expect(throws: SMTPError.self) { try await sender.send(request) }
    }

    @Test("wrong password: curl 67, reply 535")
    func wrongPassword() async throws {
        let peer = try await SMTPPeer.shared(.starttls)
        let (message, id) = try SMTPSenderTests.message()
        let error = await failure(SMTPSenderTests.request(peer, message, security: .starttls, password: "wrong"))
        #expect(error?.curl.code == 67)
        #expect(error?.responseCode == 535)
        #expect(error?.summary == "authentication failed (535)")
        #expect(try peer.message(id: id) == nil)
    }

    @Test("server down: curl 7, no reply")
    func serverDown() async throws {
        let closed = try ClosedPort()
        let (message, _) = try SMTPSenderTests.message()
        let request = SMTPRequest(url: "smtp://127.0.0.1:\(closed.port)", security: .none, from: "alerts@example.test",
                                  recipients: ["me@example.test"], message: message.rendered())
        let error = await failure(request)
        #expect(error?.curl.code == 7)
        #expect(error?.responseCode == 0)
        #expect(error?.summary == "could not connect")
    }

    @Test("STARTTLS required but not offered: curl 64, nothing sent")
    func starttlsNotOffered() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let (message, id) = try SMTPSenderTests.message()
        let error = await failure(SMTPSenderTests.request(peer, message, security: .starttls, caFile: false))
        #expect(error?.curl.code == 64)
        #expect(error?.summary.hasPrefix("STARTTLS not offered") == true)
        #expect(try peer.message(id: id) == nil)
    }

    @Test("the server's CA not given: curl 60", arguments: [SMTPPeer.Mode.starttls, .smtps])
    func untrusted(mode: SMTPPeer.Mode) async throws {
        let peer = try await SMTPPeer.shared(mode)
        let (message, _) = try SMTPSenderTests.message()
        let error = await failure(SMTPSenderTests.request(peer, message, security: mode == .smtps ? .implicit : .starttls,
                                                          caFile: false))
        #expect(error?.curl.code == 60)
        #expect(error?.summary == "server certificate not trusted")
    }

    @Test("no credentials where AUTH is required: the server's 530 is exposed")
    func authRequired() async throws {
        let peer = try await SMTPPeer.shared(.starttls)
        let (message, _) = try SMTPSenderTests.message()
        var request = SMTPSenderTests.request(peer, message, security: .starttls)
        request.username = nil
        request.password = nil
        let error = await failure(request)
        #expect(error?.curl.code == 55)
        #expect(error?.responseCode == 530)
    }

    @Test("one refused recipient fails the whole delivery with 550")
    func refusedRecipient() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let (message, id) = try SMTPSenderTests.message(to: ["me@example.test", "nobody@reject.test"])
        let error = await failure(SMTPSenderTests.request(peer, message, security: .none, caFile: false))
        #expect(error?.curl.code == 55)
        #expect(error?.responseCode == 550)
        #expect(try peer.message(id: id) == nil)
    }

    @Test("envelope addresses that could inject SMTP commands are refused before connecting", arguments: [
        ["me@example.test>\r\nRCPT TO:<evil@x.example"], ["Name <me@example.test>"], [],
    ])
    func invalidEnvelope(recipients: [String]) async {
        let request = SMTPRequest(url: "smtp://127.0.0.1:1", security: .none, from: "alerts@example.test",
                                  recipients: recipients, message: Array("x\r\n".utf8))
        let error = await failure(request)
        #expect(error?.curl.code == 43)
        #expect(error?.responseCode == 0)
    }

    @Test("the request's description never shows the password")
    func redacted() {
        let request = SMTPRequest(url: "smtp://h:587", username: "u", password: "hunter2", from: "a@b.example",
                                  recipients: ["c@d.example"], message: [])
        #expect(!request.description.contains("hunter2"))
        #expect(!"\(request)".contains("hunter2"))
    }
}
