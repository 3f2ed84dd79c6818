import CCurl
import SatwatchBase

/// Delivers messages over SMTP with libcurl, one connection per message, on the delivery
/// transfers' threads (`WorkerPools.transfers`, as `HTTPClient` does).
///
/// All recipients must be accepted, else nothing is sent and the error carries the refusal
/// (so a retry or a dead-letter decision covers the whole notification, never part of it).
package struct SMTPSender: Sendable {
    /// The longest wait for the TCP (and TLS) connection, within the request's own timeout.
    package var connectTimeout: Duration

    /// Creates a sender.
    package init(connectTimeout: Duration = .seconds(10)) {
        self.connectTimeout = connectTimeout
    }

    /// Sends `request.message` to `request.recipients`; returns once the server accepted it.
    package func send(_ request: SMTPRequest) async throws(SMTPError) {
        let flag = CancellationFlag()
        let sender = self
        try await BlockingCall.run(on: WorkerPools.transfers, flag: flag,
                                   failure: { SMTPError(curl: $0, responseCode: 0) }) { () -> Result<Void, SMTPError> in
            Result { () throws(SMTPError) in try sender.perform(request, flag: flag) }
        }.get()
    }

    func perform(_ request: SMTPRequest, flag: CancellationFlag) throws(SMTPError) {
        try Self.validateEnvelope(request)
        let easy: CurlEasy
        do { easy = try CurlEasy() } catch { throw SMTPError(curl: error, responseCode: 0) }
        let reader = SMTPMessageReader(message: request.message)
        do throws(CurlError) {
            try easy.configureTransfer(protocols: "smtp,smtps", timeout: request.timeout,
                                       connectTimeout: connectTimeout, caFile: request.caFile)
            let watch = TransferWatch(flag: flag, limit: request.timeout)
            try easy.watch(watch)
            try easy.set(CURLOPT_URL, request.effectiveURL)
            let tls = request.security == .none ? CURLUSESSL_NONE : CURLUSESSL_ALL
            try easy.set(CURLOPT_USE_SSL, Int(tls.rawValue))
            if let username = request.username { try easy.set(CURLOPT_USERNAME, username) }
            if let password = request.password { try easy.set(CURLOPT_PASSWORD, password) }
            try easy.set(CURLOPT_MAIL_FROM, "<\(request.from)>")
            try easy.set(CURLOPT_MAIL_RCPT, list: request.recipients.map { "<\($0)>" })
            try reader.attach(to: easy)
            let code = withExtendedLifetime((reader, watch)) { curl_easy_perform(easy.handle) }
            if code != CURLE_OK { throw watch.error(code, on: easy) }
        } catch {
            let failure = SMTPError(curl: error, responseCode: easy.infoLong(CURLINFO_RESPONSE_CODE))
            easy.hangUp()
            throw failure
        }
    }

    /// Envelope addresses go into SMTP commands verbatim: one CR/LF or `>` would let the text
    /// inject commands, so each must be a plain addr-spec.
    static func validateEnvelope(_ request: SMTPRequest) throws(SMTPError) {
        func invalid(_ message: String) -> SMTPError {
            SMTPError(curl: CurlError(code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue), message: message), responseCode: 0)
        }
        guard !request.recipients.isEmpty else { throw invalid("no recipients") }
        for address in [request.from] + request.recipients {
            do { try MailAddress.validate(address: address) } catch {
                throw invalid("envelope address \"\(MailHeaderText.sanitize(address))\": \(error)")
            }
        }
    }
}
