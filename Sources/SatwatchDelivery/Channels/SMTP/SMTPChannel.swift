import SatwatchBase
import SatwatchNet
import SatwatchRules

/// `{"type": "smtp", …}`: mails each notification (or group) through an SMTP server (libcurl). The subject
/// is `[FIRING] rule: message` / `[RESOLVED] …`, the body the message and the facts, `Date` the
/// notification's time and `Message-ID` `<id@satwatch>`, so a repeated delivery is recognisable.
/// With `"chart": true` a lone notification's mail shows its chart inline after the text
/// (`multipart/related`, the PNG as `Content-ID: <chart@satwatch>`).
/// Keys: `url` (required; `smtp://host:port` or `smtps://host:port`), `tls` (`starttls`, the
/// default for smtp://; `tls`, implied by smtps://; `none`), `username` and `password`
/// (together), `from` (required), `to` (required, one or more addresses), `chart`, `timeout`
/// (default 30s), `ca_file`, `time_zone` (the times people read in the body; default UTC).
package struct SMTPChannel: Channel, ChannelType {
    package static let typeName = "smtp"
    package static let attachesCharts = true
    /// A session (connect, TLS, AUTH, DATA) may take a while on a busy server.
    static let defaultTimeout = TimeSpan.seconds(30)
    private static let sender = SMTPSender()

    package let name: String
    let url: ChannelURL
    let security: SMTPSecurity
    let username: String?
    let password: String?
    let from: MailAddress
    let to: [MailAddress]
    let network: NetworkSettings
    /// `"chart": true`: each notification sent alone carries its chart.
    package let attachesChart: Bool
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "smtp \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets + (password.map { [$0] } ?? []) }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let url = ChannelURL.read("url", schemes: ["smtp", "smtps"], &settings, context: context)
        let security = readSecurity(&settings, url: url)
        let (username, password) = readLogin(&settings)
        let from = readAddresses("from", &settings)?.first
        let to = readAddresses("to", &settings)
        let network = NetworkSettings.read(&settings, context: context, defaultTimeout: defaultTimeout, proxy: false)
        let chart = settings.bool("chart") ?? false
        let time = settings.displayTime()
        guard let url, let security, let from, let to, let time else { return nil }
        if security == .none, password != nil {
            context.logger.warn("smtp channel sends its password without TLS", ["channel": name, "server": url.hostAndPort])
        }
        return SMTPChannel(name: name, url: url, security: security, username: username, password: password,
                           from: from, to: to, network: network, attachesChart: chart, time: time)
    }

    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        do {
            try await Self.sender.send(request(for: group))
            return .delivered
        } catch {
            return DeliveryClassifier.smtp(curlCode: error.curl.code, replyCode: error.responseCode,
                                           detail: error.described(adding: Self.fix(for: error))).redacted(by: Redactor(secrets))
        }
    }

    /// The setting that mends `error`, when one does, for the delivery log and `notify`: a
    /// server that offers no STARTTLS (`"tls"`), a certificate not trusted (`"ca_file"`).
    static func fix(for error: SMTPError) -> String? {
        switch error.curl.code {
        case 64: #"set "tls": "none" if the server offers no TLS at all, or "tls": "tls" for a port that starts with TLS (465)"#
        case 60: #"set "ca_file" to the CA that signed the server's certificate"#
        default: nil
        }
    }

    /// The SMTP session's request for `group`.
    func request(for group: NotificationGroup) -> SMTPRequest {
        var message = group.single.map { mail(for: $0, extras: group.extras[0]) } ?? mail(for: group)
        if let chart = group.chart(limit: Self.chartLimit) { message.attachments = [Self.chartAttachment(chart)] }
        return SMTPRequest(url: url.text, security: security, username: username, password: password,
                           from: from.address, recipients: message.envelopeRecipients, message: message.rendered(),
                           timeout: network.timeout.duration, caFile: network.caFile)
    }

    /// The mail for `notification` (rendering it is pure: tests compare its bytes).
    func mail(for notification: Notification, extras: NotificationExtras = NotificationExtras()) -> MailMessage {
        let facts = NotificationText.facts(notification, time: time).map { "\($0): \($1)" }.joined(separator: "\n")
        let link = NotificationText.silenceLine(notification, extras).map { "\n\($0)\n" } ?? ""
        return MailMessage(from: from, to: to, subject: NotificationText.headline(notification),
                           body: "\(notification.message)\n\n\(facts)\n\(link)",
                           date: notification.at.milliseconds.floorDivided(by: 1000).quotient,
                           messageID: "\(notification.id)@satwatch",
                           extraHeaders: [("X-Satwatch-Rule", notification.rule),
                                          ("X-Satwatch-Status", notification.status.rawValue)])
    }

    /// The mail for a group of several: the subject counts them and names their rules, the
    /// body gives each alert's headline and facts, as its own mail would; beyond
    /// `groupBodyLimit`, the most pressing alerts and a count of the rest.
    func mail(for group: NotificationGroup) -> MailMessage {
        let rules = TextLimit.truncate(group.notifications.map(\.rule).joined(separator: ", "), to: Self.subjectRulesLimit, in: .utf16)
        let body = NotificationText.groupText(group, limit: Self.groupBodyLimit, in: .utf8, titled: false, time: time,
                                              member: { notification, extras, _ in
            ([NotificationText.headline(notification)] + NotificationText.facts(notification, time: time).map { "\($0): \($1)" }
                + [NotificationText.silenceLine(notification, extras)].compactMap { $0 }).joined(separator: "\n")
        })
        let latest = group.notifications.map(\.at).max() ?? group.notifications[0].at
        return MailMessage(from: from, to: to, subject: "\(NotificationText.groupTitle(group.notifications)): \(rules)",
                           body: body + "\n",
                           date: latest.milliseconds.floorDivided(by: 1000).quotient,
                           messageID: "\(group.id)@satwatch",
                           extraHeaders: [("X-Satwatch-Status", group.status.rawValue)])
    }

    /// How much of a group's subject names its rules.
    static let subjectRulesLimit = 160

    /// How much of a group's mail lists its alerts, in bytes: about 35 with their facts and
    /// silence links. Mail has no size limit to speak of, but a person reads one mail, not a
    /// thousand alerts; the page lists them all.
    static let groupBodyLimit = 16_384

    /// Mail has no file limit of its own, but servers cap messages: 7 MB of PNG is under 10 MB
    /// in base64, Postfix's default `message_size_limit` (10,240,000 bytes).
    static let chartLimit = 7_000_000

    /// The chart as an inline image an HTML part could show as `cid:chart@satwatch`.
    static func chartAttachment(_ chart: [UInt8]) -> MailAttachment {
        MailAttachment(filename: NotificationGroup.chartFilename, contentType: NotificationGroup.chartType,
                       contentID: "chart@satwatch", data: chart)
    }
}
