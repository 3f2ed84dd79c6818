/// A failed SMTP delivery: curl's error and the server's last reply code.
package struct SMTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What libcurl reported, e.g. 67 (login denied), 64 (STARTTLS required, not offered),
    /// 60 (certificate not trusted), 7 (could not connect), 55 (a command was refused).
    /// Code 43 with no reply means the request itself was invalid (bad envelope address).
    package var curl: CurlError
    /// The last SMTP reply code (CURLINFO_RESPONSE_CODE), e.g. 535 or 550; 0 when the server
    /// never answered.
    package var responseCode: Int

    /// Creates an error.
    package init(curl: CurlError, responseCode: Int) {
        self.curl = curl
        self.responseCode = responseCode
    }

    /// A short explanation for logs and `satwatch notify`, e.g. "authentication failed (535)".
    package var summary: String {
        let reply = responseCode > 0 ? " (\(responseCode))" : ""
        switch curl.code {
        case 67: return "authentication failed" + reply
        case 64: return "STARTTLS not offered by the server" + reply
        case 60: return "server certificate not trusted"
        case 35: return "TLS handshake failed"
        case 77: return "CA file could not be read"
        case 6: return "could not resolve host"
        case 7: return "could not connect"
        case 28: return "timed out" + reply
        case 42: return "cancelled"
        case 43: return "invalid request: \(curl.message)"
        case 1, 3: return "unusable URL: \(curl.message)"
        case 55, 8: return "server refused the message" + reply + ": \(curl.message)"
        default: return curl.message + reply
        }
    }


    /// `summary` plus curl's code and message, for logs.
    package var description: String { described(adding: nil) }

    /// `description` with `fix`, what to change to mend it, after the summary.
    package func described(adding fix: String?) -> String {
        "\(summary)\(fix.map { "; \($0)" } ?? "") [curl \(curl.code): \(curl.message)]"
    }
}
