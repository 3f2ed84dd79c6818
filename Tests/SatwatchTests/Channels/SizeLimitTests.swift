import Foundation
@testable import SatwatchDelivery
import Testing

/// Chat size limits: long messages are cut visibly (`…`) at a character boundary, never split
/// inside a character, and never exceed the service's limit.
@Suite struct SizeLimitTests {
    static let prefix = "[FIRING] btc-above-100k: "
    static let suffix = "\nbtc.usd 100,500 (threshold 100,000), since 2025-12-10 14:02 UTC"

    @Test func discordContentIsCutTo2000UTF16Units() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "http://127.0.0.1:1/x"}"#)
        // 😀 is 2 UTF-16 units: 25 + 2 × 955 + 1 (…) + 64 (the values line) = 2000.
        let content = try Self.field("content", of: channel.request(for: ChannelFixtures.firing(message: String(repeating: "😀", count: 3000))))
        #expect(content == Self.prefix + String(repeating: "😀", count: 955) + "…" + Self.suffix)
        #expect(content.utf16.count == 2000)
    }

    @Test func discordMessageThatFitsIsUnchanged() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "http://127.0.0.1:1/x"}"#)
        let message = String(repeating: "a", count: 2000 - Self.prefix.utf16.count - Self.suffix.utf16.count)
        let content = try Self.field("content", of: channel.request(for: ChannelFixtures.firing(message: message)))
        #expect(content == Self.prefix + message + Self.suffix)
        #expect(content.utf16.count == 2000)
    }

    @Test func telegramTextIsCutTo4096WithMultiByteCharacters() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "telegram", "token": "1:a", "chat_id": 1}"#)
        // ₿ is 1 UTF-16 unit (3 UTF-8 bytes): 25 + 4006 + 1 + 64 (the values line) = 4096.
        let text = try Self.field("text", of: channel.request(for: ChannelFixtures.firing(message: String(repeating: "₿", count: 5000))))
        #expect(text == Self.prefix + String(repeating: "₿", count: 4006) + "…" + Self.suffix)
        #expect(text.utf16.count == 4096)
        // A family emoji is one character of 8 UTF-16 units: it is kept whole or dropped whole.
        let family = "👨‍👩‍👧"
        let cut = try Self.field("text", of: channel.request(for: ChannelFixtures.firing(message: String(repeating: family, count: 600))))
        #expect(cut == Self.prefix + String(repeating: family, count: 500) + "…" + Self.suffix)
        #expect(cut.utf16.count == 25 + 500 * 8 + 1 + 64)
    }

    /// ntfy makes a body of 4,096 bytes an attachment: a long ASCII message stops one short,
    /// its values line kept whole.
    @Test func ntfyBodyStaysUnder4096Bytes() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "ntfy", "url": "http://127.0.0.1:1/t"}"#)
        let request = channel.request(for: ChannelFixtures.firing(message: String(repeating: "x", count: 5000)))
        #expect(request.body.count == 4095)
        #expect(request.bodyText == String(repeating: "x", count: 4028) + "…" + Self.suffix)
    }

    @Test func ntfyBodyIsCutTo4095BytesWithMultiByteCharacters() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "ntfy", "url": "http://127.0.0.1:1/t"}"#)
        // é is 2 UTF-8 bytes: 2014 × 2 + 3 (…) + 64 (the values line) = 4095, the longest that fits.
        let request = channel.request(for: ChannelFixtures.firing(message: String(repeating: "é", count: 3000)))
        #expect(request.bodyText == String(repeating: "é", count: 2014) + "…" + Self.suffix)
        #expect(request.body.count == 4095)
    }

    static let silence = NotificationExtras(silenceURL: "https://alerts.example.test/silence/abc")
    static let silenceLine = "Silence 1h: https://alerts.example.test/silence/abc"

    /// A message over the service's limit is shortened in its message: what follows it (the
    /// values line where the text has one, and the "Silence 1h" link) arrives whole, and the
    /// text fills the limit as the service counts it. Slack's limit is past 10,000 characters.
    @Test(arguments: [
        (#"{"type": "discord", "url": "http://127.0.0.1:1/x"}"#, 10_000, 2000, TextLimit.Unit.utf16, "content",
         suffix + "\n" + silenceLine),
        (#"{"type": "telegram", "token": "1:a", "chat_id": 1}"#, 10_000, 4096, .utf16, "text", suffix + "\n" + silenceLine),
        (#"{"type": "ntfy", "url": "http://127.0.0.1:1/t"}"#, 10_000, 4095, .utf8, "", suffix + "\n\n" + silenceLine),
        (#"{"type": "slack", "url": "http://127.0.0.1:1/s"}"#, 50_000, 40_000, .utf16, "text", "\n" + silenceLine),
    ] as [(String, Int, Int, TextLimit.Unit, String, String)])
    func aLongMessageKeepsItsValuesAndSilenceLink(_ config: String, _ length: Int, _ limit: Int, _ unit: TextLimit.Unit,
                                                  _ key: String, _ tail: String) throws {
        let channel = try ChannelConfigProbe.http(config)
        let request = channel.request(for: NotificationGroup(ChannelFixtures.firing(message: String(repeating: "x", count: length)),
                                                             extras: Self.silence))
        let text = key.isEmpty ? request.bodyText : try Self.field(key, of: request)
        #expect(text.hasSuffix("x…" + tail), "\(text.suffix(160))")
        #expect(TextLimit.size(text, in: unit) == limit)
    }

    /// Head and tail: whole when they fit; else the head cut to the room the tail leaves; a
    /// tail that leaves under `minimumHead` units is cut with the rest at the limit.
    @Test(arguments: [
        ("head", "|tail", 9, TextLimit.Unit.utf16, "head|tail"),
        (String(repeating: "h", count: 100), "|tail", 90, .utf16, String(repeating: "h", count: 84) + "…|tail"),
        (String(repeating: "€", count: 100), "|tail", 250, .utf8, String(repeating: "€", count: 80) + "…|tail"),
        (String(repeating: "h", count: 100), String(repeating: "t", count: 30), 100, .utf16, String(repeating: "h", count: 99) + "…"),
    ] as [(String, String, Int, TextLimit.Unit, String)])
    func textLimitKeepingATail(_ head: String, _ tail: String, _ limit: Int, _ unit: TextLimit.Unit, _ expected: String) {
        #expect(TextLimit.truncate(head, keeping: tail, to: limit, in: unit) == expected)
    }

    @Test(arguments: [
        ("abc", 3, TextLimit.Unit.utf16, "abc"), ("abcd", 3, .utf16, "ab…"), ("€€€€", 7, .utf8, "€…"), ("€€€€", 9, .utf8, "€€…"),
        ("😀😀", 3, .utf16, "😀…"), ("😀😀", 2, .utf16, "…"), ("e\u{301}e\u{301}", 3, .utf16, "e\u{301}…"),
    ] as [(String, Int, TextLimit.Unit, String)])
    func textLimit(_ text: String, _ limit: Int, _ unit: TextLimit.Unit, _ expected: String) {
        #expect(TextLimit.truncate(text, to: limit, in: unit) == expected)
    }

    /// A top-level string member of a JSON request body.
    static func field(_ key: String, of request: ChannelRequest) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
        return try #require(object?[key] as? String)
    }
}
