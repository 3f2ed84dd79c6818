import Foundation
import Testing
@testable import SatwatchKit
import SatwatchJSON

/// What a group looks like on each channel: its id, one webhook payload with every alert, chat
/// and mail messages that list each alert, split only at each service's limit.
@Suite struct GroupMessageTests {
    /// `count` firing alerts on rules `r0`…, one resolved one last when `resolved`.
    static func members(_ count: Int, resolved: Bool = false, label: String = "team") -> [SatwatchKit.Notification] {
        (0..<count).map { index in
            var notification = ChannelFixtures.firing
            notification.rule = "r\(index)"
            notification.message = "fee is \(index)"
            notification.labels = [Label("team", label), Label("index", "\(index)")]
            if resolved, index == count - 1 {
                notification.status = .resolved
                notification.at = ChannelFixtures.resolvedAt
            }
            return SatwatchKit.Notification(rule: notification.rule, status: notification.status, metric: notification.metric,
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

    @Test(arguments: [(3, false, "[FIRING:3] 3 alerts", SatwatchKit.Notification.Status.firing),
                      (3, true, "[FIRING:2, RESOLVED:1] 3 alerts", .firing),
                      (1, true, "[RESOLVED:1] 1 alerts", .resolved)] as [(Int, Bool, String, SatwatchKit.Notification.Status)])
    func titleAndStatus(_ count: Int, _ resolved: Bool, _ title: String, _ status: SatwatchKit.Notification.Status) {
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

    /// Each chat service: a group of `count` alerts is cut into messages that each fit the
    /// service's limit, list every alert once and in order, and only as many as needed.
    @Test(arguments: [
        (#"{"type": "slack", "url": "http://127.0.0.1:9/s"}"#, 40_000),
        (#"{"type": "discord", "url": "http://127.0.0.1:9/d"}"#, 2000),
        (#"{"type": "telegram", "token": "1:a", "chat_id": 5, "url": "http://127.0.0.1:9"}"#, 4096),
        (#"{"type": "teams", "url": "http://127.0.0.1:9/t"}"#, 8000),
        (#"{"type": "ntfy", "url": "http://127.0.0.1:9/n"}"#, 4096),
    ])
    func chatGroupsAreSplitOnlyAtTheServiceLimit(_ config: String, _ limit: Int) throws {
        let channel = try ChannelConfigProbe.http(config)
        let members = Self.members(400)
        let entries = members.enumerated().map { OutboxEntry(id: Int64($0.offset + 1), notification: $0.element, channel: "c",
                                                              state: .pending, attempts: 0, nextAttemptAt: .epoch,
                                                              createdAt: .epoch, updatedAt: .epoch, lastError: nil) }
        let messages = GroupStage.messages(entries, for: channel)
        #expect(messages.flatMap { $0.map(\.notification.rule) } == members.map(\.rule))
        for (index, message) in messages.enumerated() {
            let text = Self.text(of: channel.request(for: NotificationGroup(message.map(\.notification))))
            #expect(!text.contains("…"), "message \(index) was cut")
            #expect(text.components(separatedBy: "fee is ").count - 1 == message.count, "message \(index) lists each")
            // Full: with the next alert it would have been cut (ntfy's title is a header, which
            // its capacity counts as well, so there the text alone may still fit).
            if index < messages.count - 1, !(channel is NtfyChannel) {
                let more = message.map(\.notification) + [messages[index + 1][0].notification]
                #expect(Self.text(of: channel.request(for: NotificationGroup(more))).hasSuffix("…"), "message \(index) not full")
            }
        }
        // About as few messages as the limit allows (each alert's text is ~120 characters).
        let perAlert = members.map { NotificationText.chat($0).utf16.count }.max()! + 2
        #expect(messages.count <= members.count * perAlert / limit + 2, "\(messages.count) messages")
    }

    /// The text a chat request carries (its JSON text field, or the ntfy body).
    static func text(of request: ChannelRequest) -> String {
        guard let body = try? JSONParser.parse(request.bodyText) else { return request.bodyText }
        if let text = body["text"]?.string ?? body["content"]?.string { return text }
        let blocks = body["attachments"]?.array?.first?["content"]?["body"]?.array ?? []
        return blocks.compactMap { $0["text"]?.string }.joined(separator: "\n\n")
    }

    @Test func aLoneAlertTooLongForTheServiceStillGoesAloneCutToFit() throws {
        let channel = try ChannelConfigProbe.http(#"{"type": "discord", "url": "http://127.0.0.1:9/d"}"#)
        let long = [ChannelFixtures.firing(message: String(repeating: "x", count: 5000))] + Self.members(2)
        #expect(channel.capacity(for: NotificationGroup(long)) == 1)
        #expect(channel.capacity(for: NotificationGroup(Array(long[1...]))) == 2)
    }

    @Test func aMailGroupNamesItsRulesAndListsEachAlert() throws {
        let probe = try ChannelConfigProbe(#"{"type": "smtp", "url": "smtp://127.0.0.1:25", "from": "alerts@example.test", "to": ["me@example.test"]}"#)
        let channel = try #require(probe.channel as? SMTPChannel)
        let group = NotificationGroup(Self.members(3, resolved: true))
        let mail = channel.mail(for: group)
        #expect(mail.subject == "[FIRING:2, RESOLVED:1] 3 alerts: r0, r1, r2")
        #expect(mail.messageID == "\(group.id)@satwatch")
        for index in 0..<3 { #expect(mail.body.contains("r\(index): fee is \(index)")) }
        #expect(channel.capacity(for: NotificationGroup(Self.members(5000))) == 5000, "mail has no size limit")
    }
}
