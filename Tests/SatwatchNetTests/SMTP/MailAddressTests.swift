import Testing
@testable import SatwatchNet

@Suite("MailAddress")
struct MailAddressTests {
    @Test("accepted forms", arguments: [
        ("alerts@example.com", String?.none, "alerts@example.com"),
        ("  alerts@example.com  ", nil, "alerts@example.com"),
        ("<alerts@example.com>", nil, "alerts@example.com"),
        ("satwatch <alerts@example.com>", "satwatch", "alerts@example.com"),
        ("\"Ops, Night\" <ops@example.com>", "Ops, Night", "ops@example.com"),
        ("\"Say \\\"hi\\\"\" <a@b.example>", "Say \"hi\"", "a@b.example"),
        ("Zoë Ops <zoe+btc@mail.example.org>", "Zoë Ops", "zoe+btc@mail.example.org"),
        ("first.last@sub-domain.example", nil, "first.last@sub-domain.example"),
        ("root@localhost", nil, "root@localhost"),
        ("x@[127.0.0.1]", nil, "x@[127.0.0.1]"),
    ])
    func accepted(text: String, name: String?, address: String) throws {
        let parsed = try MailAddress(parsing: text)
        #expect(parsed.displayName == name)
        #expect(parsed.address == address)
    }

    @Test("refused forms", arguments: [
        ("", MailAddressError.empty),
        ("   ", .empty),
        ("alerts.example.com", .missingAt),
        ("a@b@c.example", .missingAt),
        ("a@b.example\r\nRCPT TO:<evil@x.example>", .controlCharacter),
        ("Name\n <a@b.example>", .controlCharacter),
        ("a@b.example\u{0}", .controlCharacter),
        ("@b.example", .invalidLocalPart),
        ("a..b@b.example", .invalidLocalPart),
        (".a@b.example", .invalidLocalPart),
        ("a b@b.example", .invalidLocalPart),
        ("a,b@b.example", .invalidLocalPart),
        ("a@", .invalidDomain),
        ("a@b..example", .invalidDomain),
        ("a@-b.example", .invalidDomain),
        ("a@b_c.example", .invalidDomain),
        ("zoë@example.com", .nonASCII),
        ("Name <a@b.example", .malformed),
        ("Name a@b.example>", .malformed),
        ("<a@b.example> trailing", .malformed),
        ("\"Unclosed <a@b.example>", .malformed),
        ("Na<me <a@b.example>", .malformed),
    ])
    func refused(text: String, error: MailAddressError) {
        #expect(throws: error) { try MailAddress(parsing: text) }
    }

    @Test("header form quotes or encodes the name", arguments: [
        ("satwatch <a@b.example>", "satwatch <a@b.example>"),
        ("a@b.example", "a@b.example"),
        ("\"Ops, Night\" <a@b.example>", "\"Ops, Night\" <a@b.example>"),
        ("\"Say \\\"hi\\\"\" <a@b.example>", "\"Say \\\"hi\\\"\" <a@b.example>"),
        ("Zoë <a@b.example>", "=?UTF-8?B?Wm/Dqw==?= <a@b.example>"),
        ("\"=?x?\" <a@b.example>", "=?UTF-8?B?PT94Pw==?= <a@b.example>"),
    ])
    func headerForm(text: String, rendered: String) throws {
        #expect(try MailAddress(parsing: text).description == rendered)
    }

    @Test("a display name set in code loses its line breaks")
    func displayNameSanitized() throws {
        let address = try MailAddress(address: "a@b.example", displayName: "Evil\r\nBcc: x@y.example")
        #expect(address.description == "\"Evil  Bcc: x@y.example\" <a@b.example>")
    }
}
