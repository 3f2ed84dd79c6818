import Foundation
@testable import SatwatchDelivery
@testable import SatwatchRules
import SatwatchTestSupport
import Testing

/// The `smtp` channel: its settings, the exact mail it renders, and delivery to aiosmtpd.
@Suite struct SMTPChannelTests {
    static let base = #""type": "smtp", "from": "satwatch <alerts@example.test>", "to": ["me@example.test"]"#

    @Test(arguments: [
        (#"{"type": "smtp", "url": "smtp://h"}"#, [#"1:1: missing required key "from""#, #"1:1: missing required key "to""#]),
        (#"{\#(base), "url": "http://h"}"#, ["1:94: expected an smtp:// or smtps:// URL with a host"]),
        (#"{\#(base), "url": "smtps://h", "tls": "starttls"}"#,
         [#"1:114: "tls": "starttls" conflicts with an smtps:// URL, which always uses TLS"#]),
        (#"{\#(base), "url": "smtps://h", "tls": "none"}"#, [#"1:114: "tls": "none" conflicts with an smtps:// URL, which always uses TLS"#]),
        (#"{\#(base), "url": "smtp://h", "tls": "ssl"}"#, [#"1:113: unknown tls mode "ssl" (known: starttls, tls, none)"#]),
        (#"{\#(base), "url": "smtp://h", "password": "x"}"#, [#"1:118: "password" needs "username""#]),
        (#"{\#(base), "url": "smtp://h", "username": "x"}"#, [#"1:118: "username" needs "password""#]),
        // An unset variable is reported as itself, not as a missing partner.
        (#"{\#(base), "url": "smtp://h", "username": "x", "password": "${SMTP_PASSWORD}"}"#,
         ["1:136: environment variable SMTP_PASSWORD is not set"]),
        (#"{\#(base), "url": "smtp://h", "username": "${SMTP_USER}", "password": "x"}"#,
         ["1:119: environment variable SMTP_USER is not set"]),
        (#"{"type": "smtp", "url": "smtp://h", "from": "alerts", "to": []}"#,
         [#"1:45: invalid address "alerts": address needs exactly one @"#, #"1:61: "to" must list at least one address"#]),
        (#"{"type": "smtp", "url": "smtp://h", "from": "a@b.c", "to": ["ok@x.y", "bad@", "Me <x@y.z"]}"#,
         [#"1:71: invalid address "bad@": invalid domain after @"#,
          #"1:79: invalid address "Me <x@y.z": malformed address; expected addr@host or Name <addr@host>"#]),
        (#"{"type": "smtp", "url": "smtp://h", "from": "a@b.c", "to": "me@x.y"}"#,
         ["1:60: expected an array of strings, found a string"]),
        (#"{\#(base), "url": "smtp://h", "timeout": "10m"}"#, [#"1:117: "timeout" must be between 100ms and 5m"#]),
    ] as [(String, [String])])
    func invalidSettings(_ snippet: String, _ problems: [String]) throws {
        let probe = try ChannelConfigProbe(snippet)
        #expect(probe.problems == problems)
        #expect(probe.channel == nil)
    }

    @Test(arguments: [
        ("smtp://mail.example.com:587", nil, "starttls"), ("smtps://mail.example.com", nil, "implicit"),
        ("smtps://mail.example.com", "tls", "implicit"), ("smtp://mail.example.com:465", "tls", "implicit"),
        ("smtp://127.0.0.1:25", "none", "none"),
    ] as [(String, String?, String)])
    func tlsModes(_ url: String, _ tls: String?, _ security: String) throws {
        let tlsKey = tls.map { #", "tls": "\#($0)""# } ?? ""
        let probe = try ChannelConfigProbe(#"{\#(Self.base), "url": "\#(url)"\#(tlsKey)}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        #expect(channel.security.rawValue == security)
        #expect(channel.network.timeout == .seconds(30))
    }

    @Test func summaryAndRedaction() throws {
        let probe = try ChannelConfigProbe(#"{\#(Self.base), "url": "smtp://mail.example.com:587", "username": "u", "password": "${PW}"}"#,
                                           environment: ["PW": "hunter2-secret"])
        #expect(probe.channel?.summary == "smtp mail.example.com:587")
        probe.logger.info("x", ["p": "hunter2-secret"])
        #expect(probe.logged.last?.hasSuffix("p=***") == true)
    }

    @Test func renderedMailIsExact() throws {
        let probe = try ChannelConfigProbe(#"{\#(Self.base), "url": "smtp://h"}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let text = String(decoding: channel.mail(for: ChannelFixtures.resolved).rendered(), as: UTF8.self)
        #expect(text == [
            "Date: Wed, 10 Dec 2025 15:10:00 +0000",
            "From: satwatch <alerts@example.test>",
            "To: me@example.test",
            "Subject: [RESOLVED] btc-above-100k: BTC is 99400 USD, no longer above 100000",
            "Message-ID: <147ce63c50ff0576@satwatch>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: 7bit",
            "Auto-Submitted: auto-generated",
            "X-Satwatch-Rule: btc-above-100k",
            "X-Satwatch-Status: resolved",
            "",
            "BTC is 99400 USD, no longer above 100000",
            "",
            "Metric: btc.usd", "Value: 99,400", "Threshold: 100,000", "Since: 2025-12-10 14:02 UTC",
            "Resolved: 2025-12-10 15:10 UTC", "severity: page",
            "",
        ].joined(separator: "\r\n"))
    }

    @Test func plainDeliveryArrives() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let channel = try #require(try ChannelConfigProbe(
            #"{"type": "smtp", "url": "\#(peer.url())", "tls": "none", "from": "satwatch <alerts@example.test>", "#
                + #""to": ["me@example.test", "Ops <ops@example.test>"]}"#).channel)
        let notification = ChannelFixtures.firing(message: "Prix: 100 500 € ✓")
        #expect(await channel.deliver(notification) == .delivered)
        let received = try #require(try peer.message(id: "\(notification.id)@satwatch"))
        #expect(received.mailFrom == "alerts@example.test")
        #expect(received.recipients == ["me@example.test", "ops@example.test"])
        #expect(received.header("Subject") == "[FIRING] btc-above-100k: Prix: 100 500 € ✓")
        #expect(received.header("Date") == "Wed, 10 Dec 2025 14:02:40 +0000")
        // The body went quoted-printable (non-ASCII); Python decodes it and keeps the CRLFs.
        #expect(received.body.replacingOccurrences(of: "\r\n", with: "\n") == "Prix: 100 500 € ✓\n\nMetric: btc.usd\nValue: 100,500\n"
            + "Threshold: 100,000\nSince: 2025-12-10 14:02 UTC\nseverity: page\n")
        #expect(received.defects == [])
        #expect(!received.tls)
    }

    @Test(arguments: [SMTPPeer.Mode.starttls, .smtps])
    func tlsAndAuthWithCAFile(_ mode: SMTPPeer.Mode) async throws {
        let peer = try await SMTPPeer.shared(mode)
        let channel = try #require(try ChannelConfigProbe(
            #"{\#(Self.base), "url": "\#(peer.url())", "username": "\#(SMTPPeer.user)", "#
                + #""password": "\#(SMTPPeer.password)", "ca_file": "\#(peer.caFile)"}"#).channel)
        let notification = ChannelFixtures.firing(message: "over TLS via \(mode.rawValue)")
        #expect(await channel.deliver(notification) == .delivered)
        let received = try #require(try peer.message(id: "\(notification.id)@satwatch"))
        #expect(received.tls)
        #expect(received.login == SMTPPeer.user)
    }

    @Test func wrongPasswordIsPermanentWithAClearReason() async throws {
        let peer = try await SMTPPeer.shared(.starttls)
        let channel = try #require(try ChannelConfigProbe(
            #"{\#(Self.base), "url": "\#(peer.url())", "username": "\#(SMTPPeer.user)", "password": "wrong", "#
                + #""ca_file": "\#(peer.caFile)"}"#).channel)
        let outcome = await channel.deliver(ChannelFixtures.firing(message: "wrong password"))
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(!failure.retryable)
        #expect(failure.reason.hasPrefix("SMTP authentication failed (535) [curl 67: "))
        #expect(!failure.reason.contains("wrong"))
    }

    @Test func untrustedServerIsPermanent() async throws {
        let peer = try await SMTPPeer.shared(.starttls)
        let channel = try #require(try ChannelConfigProbe(
            #"{\#(Self.base), "url": "\#(peer.url())", "username": "u", "password": "p"}"#).channel)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        #expect(outcome == .failed(.init("SMTP server certificate not trusted; set \"ca_file\" to the CA that signed the server's "
            + "certificate [curl 60: SSL certificate problem: unable to get local issuer certificate]", retryable: false)))
    }

    /// A server without STARTTLS, asked for it (the default on smtp://): the reason names the
    /// setting that mends it.
    @Test func noStartTLSNamesTheTLSSetting() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let channel = try #require(try ChannelConfigProbe(#"{\#(Self.base), "url": "\#(peer.url())"}"#).channel)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(!failure.retryable)
        #expect(failure.reason.hasPrefix(#"SMTP STARTTLS not offered by the server (250); set "tls": "none" if the server offers no TLS "#
                                         + #"at all, or "tls": "tls" for a port that starts with TLS (465) [curl 64: "#), "\(failure.reason)")
    }

    @Test func serverDownIsRetryable() async throws {
        let closed = try ClosedPort()
        let channel = try #require(try ChannelConfigProbe(#"{\#(Self.base), "url": "smtp://127.0.0.1:\#(closed.port)", "tls": "none"}"#).channel)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(failure.retryable)
        #expect(failure.reason.hasPrefix("SMTP could not connect [curl 7: "))
    }

    @Test func refusedRecipientIsPermanent() async throws {
        let peer = try await SMTPPeer.shared(.plain)
        let channel = try #require(try ChannelConfigProbe(
            #"{"type": "smtp", "url": "\#(peer.url())", "tls": "none", "from": "a@example.test", "to": ["nobody@reject.test"]}"#).channel)
        let outcome = await channel.deliver(ChannelFixtures.firing)
        guard case .failed(let failure) = outcome else { Issue.record("expected a failure, got \(outcome)"); return }
        #expect(!failure.retryable)
        #expect(failure.reason.contains("(550)"))
    }

    /// A 4xx reply other than 421 refuses the message for now (greylisting), not the server.
    @Test(arguments: [(421, 7, true, true), (451, 55, true, false), (550, 55, false, true), (535, 67, false, true),
                      (0, 64, false, true), (0, 28, true, true)])
    func smtpClassification(_ reply: Int, _ curl: Int, _ retryable: Bool, _ concernsReceiver: Bool) {
        #expect(DeliveryClassifier.smtp(curlCode: curl, replyCode: reply, detail: "x")
            == .failed(.init("SMTP x", retryable: retryable, concernsReceiver: concernsReceiver)))
    }
}
