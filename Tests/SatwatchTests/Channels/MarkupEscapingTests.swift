@testable import SatwatchDelivery
@testable import SatwatchJSON
import Testing

/// What a feed wrote (a news title, a link) reaches Discord and Teams as text, never as their
/// Markdown: a title holding `[Claim your airdrop](https://evil.example/phish)` must not become
/// a link named "Claim your airdrop" in the team's chat.
@Suite struct MarkupEscapingTests {
    static let phish = "Spot ETF approved [Claim your airdrop](https://evil.example/phish) https://news.example/2"

    /// Each Markdown character gets a backslash; addresses stay whole so they stay links.
    @Test(arguments: [
        (phish, #"Spot ETF approved \[Claim your airdrop\]\(https://evil.example/phish\) https://news.example/2"#),
        ("**bold** _it_ __u__ ~~gone~~ ||spoiler|| `code`",
         #"\*\*bold\*\* \_it\_ \_\_u\_\_ \~\~gone\~\~ \|\|spoiler\|\| \`code\`"#),
        ("> quote\n# heading\n- item", "\\> quote\n\\# heading\n\\- item"),
        (#"a\b <@123>"#, #"a\\b \<@123\>"#),
        // Addresses stay as written: Discord links them whole, a backslash would break them.
        ("see https://news.example/a_b-c(1)?q=*x* now", "see https://news.example/a_b-c(1)?q=*x* now"),
        ("HTTP://X.example/_a_ and_b", #"HTTP://X.example/_a_ and\_b"#),
        ("BTC is 100500 USD, above 100000", "BTC is 100500 USD, above 100000"),
    ])
    func discordEscapesMarkdown(_ text: String, _ expected: String) {
        #expect(DiscordChannel.escape(text) == expected)
    }

    /// The message is escaped; the parts satwatch writes (the values, the silence link) are not.
    @Test func discordContentEscapesTheMessageOnly() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "http://127.0.0.1:1/x"}"#)
        let extras = NotificationExtras(silenceURL: "https://alerts.example.test/silence/a_b")
        let request = channel.request(for: NotificationGroup(ChannelFixtures.firing(message: Self.phish), extras: extras))
        let content = try SizeLimitTests.field("content", of: request)
        #expect(content == "[FIRING] btc-above-100k: " + DiscordChannel.escape(Self.phish) + SizeLimitTests.suffix
                    + "\nSilence 1h: https://alerts.example.test/silence/a_b")
        // A group's members alike.
        let group = NotificationGroup([ChannelFixtures.firing(message: Self.phish), ChannelFixtures.resolved])
        let listed = try SizeLimitTests.field("content", of: channel.request(for: group))
        #expect(listed.contains(DiscordChannel.escape(Self.phish)) && !listed.contains(" [Claim"))
    }

    /// Teams: the message goes as TextRuns, which take no Markdown, alone or in a group; no
    /// TextBlock (which renders Markdown) holds it. Each address in it is a run that opens it,
    /// so a link stays one click away: the silence link of a group's member too.
    @Test(arguments: [1, 2])
    func teamsSendsTheMessageAsPlainText(_ members: Int) throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "teams", "url": "http://127.0.0.1:1/t"}"#)
        let notifications = [ChannelFixtures.firing(message: Self.phish), ChannelFixtures.resolved].prefix(members)
        let silence = NotificationExtras(silenceURL: "https://alerts.example.test/silence/a_b")
        let group = NotificationGroup(Array(notifications), extras: Array(repeating: silence, count: members))
        let body = try JSONParser.parse(channel.request(for: group).bodyText)
        let blocks = body["attachments"]?.array?.first?["content"]?["body"]?.array ?? []
        let markdown = blocks.filter { $0["type"]?.string == "TextBlock" }.compactMap { $0["text"]?.string }
        #expect(!markdown.isEmpty && !markdown.contains { $0.contains("Claim") })
        let texts = blocks.filter { $0["type"]?.string == "RichTextBlock" }
        #expect(texts.count == 1)
        let runs = texts.flatMap { $0["inlines"]?.array ?? [] }
        #expect(runs.allSatisfy { $0["type"]?.string == "TextRun" })
        let shown = runs.compactMap { $0["text"]?.string }.joined()
        #expect(shown.contains(Self.phish))
        let links = runs.filter { $0["selectAction"] != nil }
        // The firing member's silence link; the resolved one has none (nothing left to silence).
        let expected = ["https://evil.example/phish", "https://news.example/2"]
            + (members > 1 ? ["https://alerts.example.test/silence/a_b"] : [])
        #expect(links.compactMap { $0["text"]?.string } == expected)
        #expect(links.compactMap { $0["selectAction"]?["url"]?.string } == expected)
        #expect(links.allSatisfy { $0["selectAction"]?["type"]?.string == "Action.OpenUrl" })
    }

    /// Addresses are found whole, to the next whitespace, in any case; the pieces join back to
    /// the text.
    @Test(arguments: [
        ("", [] as [(String, Bool)]),
        ("no address here", [("no address here", false)]),
        ("https://a.example/x_y", [("https://a.example/x_y", true)]),
        ("see HTTP://A.example/(1) and\thttps://b.example/?q=*x*&r=2\nend",
         [("see ", false), ("HTTP://A.example/(1)", true), (" and\t", false), ("https://b.example/?q=*x*&r=2", true), ("\nend", false)]),
        // Punctuation after an address, and a `)` it did not open, are the text's.
        ("(see https://x.example/a.) [t](https://y.example/b), \"https://z.example/c\"",
         [("(see ", false), ("https://x.example/a", true), (".) [t](", false), ("https://y.example/b", true), ("), \"", false),
          ("https://z.example/c", true), ("\"", false)]),
        ("https://w.example/wiki/Foo_(bar), https://w.example/q?x=(1)).",
         [("https://w.example/wiki/Foo_(bar)", true), (", ", false), ("https://w.example/q?x=(1)", true), (").", false)]),
        // A scheme with nothing after it, or another scheme, is no address.
        ("http:/ not, https:// bare, ftp://c.example", [("http:/ not, https:// bare, ftp://c.example", false)]),
    ] as [(String, [(String, Bool)])])
    func webAddressPieces(_ text: String, _ expected: [(String, Bool)]) {
        let pieces = WebAddress.pieces(of: text)
        #expect(pieces.map { String($0.text) } == expected.map(\.0))
        #expect(pieces.map(\.isAddress) == expected.map(\.1))
        #expect(pieces.map(\.text).joined() == text)
    }
}
