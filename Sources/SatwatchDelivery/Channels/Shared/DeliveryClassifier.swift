import SatwatchBase

/// The one place that decides what a receiver's answer means for the retry stage, for every
/// channel: delivered, worth retrying (maybe after a given delay), or permanent.
enum DeliveryClassifier {
    /// How much of a response body a failure reason quotes.
    static let quotedBodyLength = 200

    /// An HTTP answer: 2xx delivered; 408, 429 and 5xx retryable (honouring `retryAfter`);
    /// 3xx (redirects are not followed: the URL is wrong) and other 4xx permanent.
    static func http(status: Int, body: [UInt8], retryAfter: TimeSpan?) -> DeliveryOutcome {
        if (200..<300).contains(status) { return .delivered }
        var reason = HTTPStatusText.line(status)
        let quoted = quote(body)
        if (300..<400).contains(status) {
            reason += " (redirects are not followed; check the URL)"
        } else if !quoted.isEmpty {
            reason += ": " + quoted
        }
        let permanent = (300..<500).contains(status) && status != 408 && status != 429
        return .failed(DeliveryFailure(reason, retryable: !permanent, retryAfter: permanent ? nil : retryAfter))
    }

    /// libcurl codes that no retry can fix: unsupported scheme (1), malformed URL (3), bad
    /// option (43, 48), unusable client certificate or key (58), untrusted server certificate
    /// (60), unusable CA file (77), certificate issuer check (83), pinned key mismatch (90),
    /// revoked certificate (91).
    static let permanentCurlCodes: Set<Int> = [1, 3, 43, 48, 58, 60, 77, 83, 90, 91]

    /// A transport failure (no complete answer): retryable (DNS, connect, timeout, reset), except
    /// certificate and URL problems.
    static func transport(code: Int, message: String) -> DeliveryOutcome {
        let retryable = !permanentCurlCodes.contains(code)
        return .failed(DeliveryFailure("curl error \(code): \(message)", retryable: retryable))
    }

    /// The body as one line of at most `quotedBodyLength` characters, whitespace runs folded.
    static func quote(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(quotedBodyLength * 4), as: UTF8.self)
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline || ($0.asciiValue ?? 32) < 32 })
        let line = words.joined(separator: " ")
        return line.count > quotedBodyLength ? String(line.prefix(quotedBodyLength)) + "…" : line
    }

    /// libcurl codes of an SMTP session that no retry can fix, besides `permanentCurlCodes`:
    /// login denied (67) and STARTTLS required but not offered (64).
    static let permanentSMTPCurlCodes: Set<Int> = permanentCurlCodes.union([64, 67])

    /// A failed SMTP session: a 5xx reply (535 bad credentials, 550 unknown mailbox, …),
    /// rejected credentials and TLS/URL problems are permanent; connection failures, timeouts and
    /// 4xx replies (greylisting, 421 busy) are retryable. A 4xx reply other than 421 (service
    /// unavailable) refuses this message for now, not the server: greylisting, a full mailbox.
    /// `detail` says what happened.
    static func smtp(curlCode: Int, replyCode: Int, detail: String) -> DeliveryOutcome {
        let permanent = (500..<600).contains(replyCode) || permanentSMTPCurlCodes.contains(curlCode)
        let refusesMessage = (400..<500).contains(replyCode) && replyCode != 421
        return .failed(DeliveryFailure("SMTP \(detail)", retryable: !permanent, concernsReceiver: !refusesMessage))
    }
}
