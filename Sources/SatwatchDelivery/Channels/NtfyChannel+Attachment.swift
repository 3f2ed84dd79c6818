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
