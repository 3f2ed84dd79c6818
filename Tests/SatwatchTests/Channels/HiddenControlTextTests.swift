@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchRules
import Testing

/// A feed's text (a headline in the message) or a label holding a terminal's CSI (U+009B) or a
/// bidi override (U+202E) reaches no channel with them: every channel sends a
/// `NotificationGroup`, which leaves them out once for all.
@Suite struct HiddenControlTextTests {
    static let hostile = "BTC \u{9B}31m\u{202E}000,001\u{202C} ETF\u{2066}!\u{2069}"
    static let cleaned = "BTC 31m000,001 ETF!"

    static func notification() -> Notification {
        var notification = ChannelFixtures.firing(message: hostile)
        notification.labels = [Label("desk", "\u{202E}ops")]
        return notification
    }

    static func hasHidden(_ text: String) -> Bool { text.unicodeScalars.contains(where: HiddenControls.contains) }

    @Test(arguments: [
        #"{"type": "webhook", "url": "http://127.0.0.1:1/w"}"#,
        #"{"type": "slack", "url": "http://127.0.0.1:1/s"}"#,
        #"{"type": "discord", "url": "http://127.0.0.1:1/d"}"#,
        #"{"type": "teams", "url": "http://127.0.0.1:1/t"}"#,
        #"{"type": "telegram", "token": "1:a", "chat_id": "5", "url": "http://127.0.0.1:1"}"#,
        #"{"type": "ntfy", "url": "http://127.0.0.1:1/topic"}"#,
        #"{"type": "alertmanager", "url": "http://127.0.0.1:1"}"#,
    ])
    func httpChannelsSendNone(_ snippet: String) throws {
        let channel = try ChannelConfigProbe.http(snippet)
        for group in [NotificationGroup(Self.notification()), NotificationGroup([Self.notification(), ChannelFixtures.resolved])] {
            let request = channel.request(for: group)
            #expect(!Self.hasHidden(request.bodyText), "\(request.bodyText)")
            #expect(!request.headers.contains { Self.hasHidden($0.value) })
        }
        // The text around them arrives whole (Alertmanager's `summary` annotation and label too).
        let body = channel.request(for: NotificationGroup(Self.notification())).bodyText
        #expect(body.contains("000,001"))
    }

    @Test func mailSendsNone() throws {
        let probe = try ChannelConfigProbe(#"{"type": "smtp", "url": "smtp://h", "from": "a@b.test", "to": ["c@d.test"]}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let mail = String(decoding: channel.request(for: NotificationGroup(Self.notification())).message, as: UTF8.self)
        // All ASCII once they are gone: sent as 7bit, the cleaned text as it is.
        #expect(mail.contains("Content-Transfer-Encoding: 7bit"))
        #expect(mail.contains("\r\n" + Self.cleaned + "\r\n"))
        #expect(mail.contains("desk: ops"))
    }
}
