extension MailMessage {
    /// The complete message: CRLF line endings, every line at most 998 octets, ending in CRLF.
    ///
    /// The body is sent as `7bit` when it is printable ASCII with lines of at most 998 octets,
    /// else as `quoted-printable` (7-bit safe without 8BITMIME, and long lines get soft breaks).
    /// With attachments the message is `multipart/related`: that text part, then each file.
    /// `Auto-Submitted: auto-generated` (RFC 3834) keeps vacation responders from answering.
    package func rendered() -> [UInt8] {
        let text = Self.crlfLines(body)
        let plain = text.allSatisfy { (32...126).contains($0) || $0 == 13 || $0 == 10 || $0 == 9 }
            && text.split(separator: 10).allSatisfy { $0.count <= 999 }
        let textPart = (encoding: plain ? "7bit" : "quoted-printable", bytes: plain ? text : QuotedPrintable.encode(text))
        var headers = [
            "Date: \(MailDate.format(epochSeconds: date))",
            MailHeaderText.fold("From: \(from)"),
            MailHeaderText.fold("To: " + to.map(\.description).joined(separator: ", ")),
            MailHeaderText.unstructured(name: "Subject", value: subject),
            "Message-ID: <\(Self.cleanMessageID(messageID))>",
            "MIME-Version: 1.0",
        ]
        let content: [UInt8]
        if attachments.isEmpty {
            headers += ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: \(textPart.encoding)"]
            content = textPart.bytes
        } else {
            let related = relatedBody(text: textPart.bytes, encoding: textPart.encoding)
            headers.append(related.contentType)
            content = related.body
        }
        headers.append("Auto-Submitted: auto-generated")
        for (name, value) in extraHeaders {
            let cleanName = String(name.unicodeScalars.filter { (33...126).contains($0.value) && $0 != ":" })
            if cleanName.isEmpty || Self.reservedFields.contains(cleanName.lowercased()) { continue }
            headers.append(MailHeaderText.unstructured(name: cleanName, value: value))
        }
        return Array((headers.joined(separator: "\r\n") + "\r\n\r\n").utf8) + content
    }

    /// The body's bytes with every line break (CRLF, LF, lone CR) as CRLF, ending in CRLF.
    static func crlfLines(_ body: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(body.utf8.count + 2)
        var previousWasCR = false
        for byte in body.utf8 {
            if byte == 10 {
                if !previousWasCR { output += [13, 10] }
            } else if byte == 13 {
                output += [13, 10]
            } else {
                output.append(byte)
            }
            previousWasCR = byte == 13
        }
        if !output.suffix(2).elementsEqual([13, 10]) { output += [13, 10] }
        return output
    }

    /// The id part of `Message-ID`: no brackets, blanks or controls, and always with an `@`.
    static func cleanMessageID(_ id: String) -> String {
        let kept = String(id.unicodeScalars.filter { (33...126).contains($0.value) && $0 != "<" && $0 != ">" }
            .map(Character.init))
        let nonEmpty = kept.isEmpty ? "notification" : kept
        return nonEmpty.contains("@") ? nonEmpty : "\(nonEmpty)@satwatch.invalid"
    }
}
