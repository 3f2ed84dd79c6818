import Foundation
@testable import SatwatchBase
@testable import SatwatchDelivery
import SatwatchJSON
@testable import SatwatchRules
import Testing

/// What a group looks like on each channel: its id, one webhook payload with every alert, chat
/// and mail messages that list each alert, or beyond the service's limit the most pressing ones
/// and a count of the rest.
@Suite struct GroupMessageTests {
    /// `count` firing alerts on rules `r0`…, one resolved one last when `resolved`.
    static func members(_ count: Int, resolved: Bool = false, label: String = "team") -> [SatwatchRules.Notification] {
        (0..<count).map { index in
            var notification = ChannelFixtures.firing
            notification.rule = "r\(index)"
            notification.message = "fee is \(index)"
            notification.labels = [Label("team", label), Label("index", "\(index)")]
            if resolved, index == count - 1 {
                notification.status = .resolved
                notification.at = ChannelFixtures.resolvedAt
            }
            return SatwatchRules.Notification(rule: notification.rule, status: notification.status, metric: notification.metric,
                                value: Double(index), threshold: notification.threshold, at: notification.at,
                                startsAt: notification.startsAt, message: notification.message, labels: notification.labels,
                                channels: ["c"])
        }
    }

    @Test func aLoneNotificationKeepsItsIdAndSeveralGetOneDerivedFromThem() {
        let three = Self.members(3)
        #expect(NotificationGroup(three[0]).id == three[0].id)
        let id = NotificationGroup(three).id
        #expect(id.count == 16 && id.allSatisfy(\.isHexDigit))
        #expect(NotificationGroup(three).id == id, "the same members, the same id")
        #expect(NotificationGroup(Array(three.prefix(2))).id != id)
        #expect(NotificationGroup(three.reversed()).id != id, "order is part of the message")
        #expect(!three.map(\.id).contains(id))
    }

    @Test(arguments: [(3, false, "[FIRING:3] 3 alerts", SatwatchRules.Notification.Status.firing),
                      (3, true, "[FIRING:2, RESOLVED:1] 3 alerts", .firing),
                      (1, true, "[RESOLVED:1] 1 alerts", .resolved)] as [(Int, Bool, String, SatwatchRules.Notification.Status)])
    func titleAndStatus(_ count: Int, _ resolved: Bool, _ title: String, _ status: SatwatchRules.Notification.Status) {
        let members = Self.members(count, resolved: resolved)
        #expect(NotificationText.groupTitle(members) == title)
        #expect(NotificationGroup(members).status == status)
    }

    @Test func aWebhookGroupIsOneV4PayloadWithEveryAlert() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "http://127.0.0.1:9/x"}"#)
        let members = Self.members(3, resolved: true)
        let body = try JSONParser.parse(channel.request(for: NotificationGroup(members)).bodyText)
        #expect(body["groupKey"]?.string == "{}:{}")
        #expect(body["status"]?.string == "firing")
        #expect(body["groupLabels"]?.members?.isEmpty == true)
        #expect(body["alerts"]?.array?.compactMap { $0["labels"]?["alertname"]?.string } == ["r0", "r1", "r2"])
        #expect(body["alerts"]?.array?.compactMap { $0["status"]?.string } == ["firing", "firing", "resolved"])
        // Common: what every alert has with the same value (not `index`, not `alertname`).
        #expect(body["commonLabels"]?.members?.map(\.key) == ["metric", "team"])
        #expect(body["commonAnnotations"]?.members?.map(\.key) == ["threshold"])
        #expect(body["notificationId"]?.string == NotificationGroup(members).id)
        // One member: exactly the ungrouped payload.
        #expect(channel.request(for: NotificationGroup(members[0])) == channel.request(for: members[0]))
    }

    @Test func anAlertmanagerGroupPostsEveryAlert() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "alertmanager", "url": "http://127.0.0.1:9"}"#)
        let body = try JSONParser.parse(channel.request(for: NotificationGroup(Self.members(4))).bodyText)
        #expect(body.array?.count == 4)
    }

    /// Each chat service: a group larger than one message is still one message, within the
    /// service's limit, titled with every alert; it lists the newest alerts (all fired on one
    /// frame: the last queued first) as many as fit, then counts the rest and links the page.
    @Test(arguments: [
        (#"{"type": "slack", "url": "http://127.0.0.1:9/s"}"#, 40_000, TextLimit.Unit.utf16),
        (#"{"type": "discord", "url": "http://127.0.0.1:9/d"}"#, 2000, .utf16),
        (#"{"type": "telegram", "token": "1:a", "chat_id": 5, "url": "http://127.0.0.1:9"}"#, 4096, .utf16),
        (#"{"type": "teams", "url": "http://127.0.0.1:9/t"}"#, 8000, .utf16),
        (#"{"type": "ntfy", "url": "http://127.0.0.1:9/n"}"#, 4095, .utf8),
    ])
    func aChatGroupBeyondOneMessageListsTheNewestAndCountsTheRest(_ config: String, _ limit: Int, _ unit: TextLimit.Unit) throws {
        let channel = try ChannelConfigProbe.http(config)
        var group = NotificationGroup(Self.members(1000))
        group.externalURL = "https://alerts.example.test"
        let request = channel.request(for: group)
        let text = Self.text(of: request)
        #expect(TextLimit.size(text, in: unit) <= limit)
        // ntfy's title is a header; the others' the text's first line.
        let title = channel is NtfyChannel ? request.headers.first { $0.name == "Title" }?.value
            : text.components(separatedBy: "\n").first
        #expect(title == "[FIRING:1000] 1000 alerts")
        let listed = Self.listed(text)
        #expect(listed.count >= 3, "\(listed.count) listed")
        #expect(listed == (0..<1000).reversed().prefix(listed.count).map { "r\($0)" }, "the newest first")
        #expect(text.hasSuffix("\n\n…and \(1000 - listed.count) more (\(1000 - listed.count) firing)\nAll alerts: https://alerts.example.test/"),
                "\(text.suffix(120))")
        // As many as fit: one alert more would not have.
        let perAlert = TextLimit.size(NotificationText.chat(group.notifications[0]), in: unit) + 2
        #expect(TextLimit.size(text, in: unit) > limit - 2 * perAlert, "room left for more")
    }

    /// The rule names a chat text lists, in order (`[FIRING] r12: fee is 12`).
    static func listed(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("[FIRING] ") || line.hasPrefix("[RESOLVED] "), let colon = line.firstIndex(of: ":") else { return nil }
            return String(line[line.index(after: line.firstIndex(of: " ")!)..<colon])
        }
    }

    @Test func aGroupThatFitsIsListedWholeInItsOrderWithNoCount() {
        var group = NotificationGroup(Self.members(3, resolved: true))
        group.externalURL = "https://alerts.example.test"
        let text = NotificationText.groupText(group, limit: 4096, in: .utf16)
        #expect(text == (["[FIRING:2, RESOLVED:1] 3 alerts"] + group.notifications.map { NotificationText.chat($0) })
            .joined(separator: "\n\n"))
    }

    /// What matters most: firing before resolved, then the newest (the later time, then the later
    /// queued); the count names what is left of each status.
    @Test func theMostPressingAreListedAndTheRestCountedByStatus() {
        let base = ChannelFixtures.firedAt
        func member(_ rule: String, _ status: SatwatchRules.Notification.Status, _ minutes: Int64) -> SatwatchRules.Notification {
            var notification = ChannelFixtures.firing
            notification.rule = rule
            notification.status = status
            notification.at = base + .minutes(minutes)
            return notification
        }
        let members = [member("a", .firing, 1), member("b", .resolved, 3), member("c", .firing, 2), member("d", .firing, 2),
                       member("e", .resolved, 1)]
        #expect(NotificationText.pressingOrder(members) == [3, 2, 0, 1, 4])
        let group = NotificationGroup(members)
        // Room for the title and two alerts with the count.
        let two = NotificationText.groupTitle(members) + "\n\n" + NotificationText.chat(members[3]) + "\n\n"
            + NotificationText.chat(members[2]) + "\n\n" + NotificationText.moreLine((firing: 1, resolved: 2), page: nil)
        let text = NotificationText.groupText(group, limit: two.utf16.count, in: .utf16)
        #expect(text == two)
        #expect(text.hasSuffix("\n\n…and 3 more (1 firing, 2 resolved)"))
        #expect(Self.listed(text) == ["d", "c"])
        // One unit less: one alert fewer, the count one more.
        let shorter = NotificationText.groupText(group, limit: two.utf16.count - 1, in: .utf16)
        #expect(Self.listed(shorter) == ["d"] && shorter.hasSuffix("…and 4 more (2 firing, 2 resolved)"))
        // Only resolved ones left over.
        #expect(NotificationText.moreLine((firing: 0, resolved: 7), page: "https://x.test/")
            == "…and 7 more (7 resolved)\nAll alerts: https://x.test/")
    }

    /// Slack reads `<`, `>` and `&` as markup: a summary escapes what it lists as a full
    /// message does, and still fits.
    @Test func aSlackSummaryEscapesWhatItLists() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "slack", "url": "http://127.0.0.1:9/s"}"#)
        let members = (0..<1000).map { _ in ChannelFixtures.firing(message: "<!channel> & co") }
        let text = Self.text(of: channel.request(for: NotificationGroup(members)))
        #expect(text.utf16.count <= 40_000 && text.contains("…and "))
        #expect(text.contains("&lt;!channel&gt; &amp; co") && !text.contains("<!channel>"))
    }

    @Test func aMostPressingAlertTooLongForTheMessageIsCutNotLeftOut() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "http://127.0.0.1:9/d"}"#)
        let long = Self.members(2) + [ChannelFixtures.firing(message: String(repeating: "x", count: 5000))]
        let silence = NotificationExtras(silenceURL: "https://alerts.example.test/silence/1")
        let text = Self.text(of: channel.request(for: NotificationGroup(long, extras: [silence, silence, silence])))
        #expect(text.utf16.count <= 2000)
        #expect(text.hasPrefix("[FIRING:3] 3 alerts\n\n[FIRING] btc-above-100k: xxxx"))
        // Cut in its message: its values and its silence link stay whole.
        #expect(text.hasSuffix("x…\n\(NotificationText.summaryLine(long[2]))\nSilence 1h: https://alerts.example.test/silence/1"
                               + "\n\n…and 2 more (2 firing)"), "\(text.suffix(160))")
    }

    @Test func aWebhookAndAnAlertmanagerGetEveryAlertOfAFlood() throws {
        let members = Self.members(1000)
        let webhook = try ChannelConfigProbe.http(#"{"type": "webhook", "url": "http://127.0.0.1:9/x"}"#)
        let payload = try JSONParser.parse(webhook.request(for: NotificationGroup(members)).bodyText)
        #expect(payload["alerts"]?.array?.count == 1000)
        let alertmanager = try ChannelConfigProbe.http(#"{"type": "alertmanager", "url": "http://127.0.0.1:9"}"#)
        #expect(try JSONParser.parse(alertmanager.request(for: NotificationGroup(members)).bodyText).array?.count == 1000)
    }

    /// The text a chat request carries (its JSON text field, or the ntfy body).
    static func text(of request: ChannelRequest) -> String {
        guard let body = try? JSONParser.parse(request.bodyText) else { return request.bodyText }
        if let text = body["text"]?.string ?? body["content"]?.string { return text }
        let blocks = body["attachments"]?.array?.first?["content"]?["body"]?.array ?? []
        // Teams: TextBlocks, and the listed alerts as a RichTextBlock's TextRuns.
        return blocks.compactMap { block in
            block["text"]?.string ?? block["inlines"]?.array.map { $0.compactMap { $0["text"]?.string }.joined() }
        }.joined(separator: "\n\n")
    }

    @Test func aMailGroupNamesItsRulesAndListsEachAlert() throws {
        let probe = try ChannelConfigProbe(#"{"type": "smtp", "url": "smtp://127.0.0.1:25", "from": "alerts@example.test", "to": ["me@example.test"]}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let group = NotificationGroup(Self.members(3, resolved: true))
        let mail = channel.mail(for: group)
        #expect(mail.subject == "[FIRING:2, RESOLVED:1] 3 alerts: r0, r1, r2")
        #expect(mail.messageID == "\(group.id)@satwatch")
        for index in 0..<3 { #expect(mail.body.contains("r\(index): fee is \(index)")) }
        #expect(!mail.body.contains("more ("))
    }

    /// A flood in one mail: the subject counts every alert, the body lists the newest within
    /// its limit, each with its facts, then counts the rest and links the page.
    @Test func aMailGroupBeyondItsLimitListsTheNewestAndCountsTheRest() throws {
        let probe = try ChannelConfigProbe(#"{"type": "smtp", "url": "smtp://127.0.0.1:25", "from": "alerts@example.test", "to": ["me@example.test"]}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        var group = NotificationGroup(Self.members(1000))
        group.externalURL = "https://alerts.example.test"
        let mail = channel.mail(for: group)
        #expect(mail.subject.hasPrefix("[FIRING:1000] 1000 alerts: r0, r1, "))
        #expect(mail.body.utf8.count <= SMTPChannel.groupBodyLimit + 1)
        let listed = Self.listed(mail.body)
        #expect(listed.count >= 10, "\(listed.count) listed")
        #expect(listed == (0..<1000).reversed().prefix(listed.count).map { "r\($0)" })
        #expect(mail.body.contains("[FIRING] r999: fee is 999\nMetric: btc.usd\nValue: 999\n"), "with its facts")
        #expect(mail.body.hasSuffix("\n\n…and \(1000 - listed.count) more (\(1000 - listed.count) firing)\nAll alerts: https://alerts.example.test/\n"))
    }
}
