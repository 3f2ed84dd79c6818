import SatwatchBase

/// `{"type": "ntfy", "url": "https://ntfy.sh/mytopic"}`: publishes to an ntfy topic. The body is
/// the message and the silence link (the message cut under ntfy's 4096-byte message limit, at
/// which ntfy would turn it into an attachment, the link kept whole); `Title`, `Priority`
/// (4 firing, 3 resolved) and `Tags` (an emoji) are headers. No `Markdown` header is sent, so
/// ntfy shows the text as written and nothing needs escaping.
/// With `"chart": true` a lone notification's body is its chart, sent as an attachment
/// (`Filename: chart.png`) with the message in the `Message` header; a server that takes no
/// attachments gets the text alone (see `NtfyChannel+Attachment`).
/// Keys: `url` (required; the topic URL, a secret on public servers), `token` (optional access
/// token, sent as `Authorization: Bearer`), `chart`, `time_zone` (the times people read; default UTC),
/// `timeout`, `ca_file`.
package struct NtfyChannel: HTTPChannel, ChannelType {
    package static let typeName = "ntfy"
    package static let attachesCharts = true
    /// ntfy's message size limit in bytes.
    /// One byte under ntfy's 4,096: its server turns a body of 4,096 bytes or more into an
    /// attachment (refused by servers without an attachment cache).
    static let messageLimit = 4095

    package let name: String
    let url: ChannelURL
    let token: String?
    let network: NetworkSettings
    /// `"chart": true`: each notification sent alone carries its chart.
    package let attachesChart: Bool
    /// Where the times in its messages are told.
    var time: DisplayTime = .utc

    package var summary: String { "ntfy \(url.hostAndPort)" }
    package var secrets: [String] { url.secrets + (token.map { [$0] } ?? []) }

    package static func configure(name: String, settings: inout ConfigObject, context: ChannelContext) -> (any Channel)? {
        let url = ChannelURL.read("url", &settings, context: context)
        let token = settings.string("token")
        if token?.isEmpty == true { settings.report("token", "\"token\" must not be empty (leave it out instead)") }
        let network = NetworkSettings.read(&settings, context: context)
        let chart = settings.bool("chart") ?? false
        let time = settings.displayTime()
        guard let url, token?.isEmpty != true, let time else { return nil }
        return NtfyChannel(name: name, url: url, token: token, network: network, attachesChart: chart, time: time)
    }

    /// The POST for `group`: a lone notification's message, or each member's headline and values
    /// (as many as fit, and a count of the rest) under a title counting them; with a chart, the
    /// chart as the body and the message a header.
    func request(for group: NotificationGroup) -> ChannelRequest {
        let firing = group.status == .firing
        let (title, text) = NotificationText.plain(group, limit: Self.messageLimit, in: .utf8, time: time)
        let message = TextLimit.truncate(text, to: Self.messageLimit, in: .utf8)
        let described = [ChannelRequest.Header(name: "Title", value: title),
                         .init(name: "Priority", value: firing ? "4" : "3"),
                         .init(name: "Tags", value: firing ? "rotating_light" : "white_check_mark")]
        let login = token.map { [ChannelRequest.Header(name: "Authorization", value: "Bearer \($0)")] } ?? []
        if let chart = group.chart(limit: Self.attachmentLimit) {
            return attachmentRequest(chart, message: message, headers: described, login: login)
        }
        return ChannelRequest(url: url.text, headers: [.init(name: "Content-Type", value: "text/plain; charset=utf-8")] + described + login,
                              body: Array(message.utf8))
    }
}

extension NtfyChannel {
    /// ntfy.sh's attachment size limit (15 MB, also a self-hosted server's default).
    static let attachmentLimit = 15_000_000

    /// ntfy's answer when the server takes no attachments (a self-hosted one without
    /// `attachment-cache-dir` or `base-url`): HTTP 400 with `{"code":40014,…}`.
    static let attachmentsNotAllowed = #""code":40014"#

    /// Sends `request(for:)` once; when the server refuses the chart because it takes no
    /// attachments at all, sends the text alone right away. Nothing was published by the first
    /// answer, so no one sees the alert twice, and a channel pointed at such a server still works.
    package func deliver(_ group: NotificationGroup) async -> DeliveryOutcome {
        let outcome = await HTTPDelivery.post(request(for: group), network: network, secrets: secrets)
        guard group.chart(limit: Self.attachmentLimit) != nil, case .failed(let failure) = outcome, !failure.retryable,
              failure.reason.contains(Self.attachmentsNotAllowed) else { return outcome }
        var textOnly = group
        textOnly.extras[0].chart = nil
        return await HTTPDelivery.post(request(for: textOnly), network: network, secrets: secrets)
    }

    /// The POST of a chart as an attachment: ntfy takes a body with a `Filename` as the file
    /// and the notification's text from the `Message` header. `headers` (title, priority, tags)
    /// and `login` are the text request's.
    func attachmentRequest(_ chart: [UInt8], message: String, headers: [ChannelRequest.Header],
                           login: [ChannelRequest.Header]) -> ChannelRequest {
        let file = [ChannelRequest.Header(name: "Filename", value: NotificationGroup.chartFilename),
                    .init(name: "Message", value: Self.headerText(message))]
        return ChannelRequest(url: url.text, headers: [.init(name: "Content-Type", value: NotificationGroup.chartType)] + headers
                                  + file + login, body: chart)
    }

    /// `text` as one header line: each line break (LF, CRLF or CR) as the two characters `\n`,
    /// which ntfy turns back into a line break in the `Message` header, and every other control
    /// character as a space. UTF-8 stays as it is: ntfy reads it in headers, as it does `Title`.
    /// (A `\n` typed in the text itself comes out as a line break too; ntfy has no escape for it.)
    static func headerText(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previousWasCR: break
            case "\n", "\r": result += "\\n"
            case _ where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += " "
            default: result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return result
    }
}
