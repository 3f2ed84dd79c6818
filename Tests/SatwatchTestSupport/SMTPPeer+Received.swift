import Foundation

extension SMTPPeer {
    /// One accepted message as the peer recorded it.
    public struct Received: Decodable, HeaderFields, Sendable {
        /// The envelope sender (`MAIL FROM`).
        public var mailFrom: String
        /// The envelope recipients (`RCPT TO`), in order.
        public var recipients: [String]
        /// The message exactly as it arrived (after dot-unstuffing).
        public var content: [UInt8]
        /// Whether the session was under TLS.
        public var tls: Bool
        /// The AUTH mechanism used, if any (`PLAIN`, `LOGIN`).
        public var authMechanism: String?
        /// The login that authenticated, if any.
        public var login: String?
        /// Header fields as Python's `email` package decoded them.
        public var headers: [[String]]
        /// The body as Python's `email` package decoded it.
        public var body: String
        /// Problems Python's `email` package found while parsing, as Python `repr`s.
        public var defects: [String]
        /// A multipart message's leaf parts in order (none for a single-part message).
        public var parts: [Part]

        private enum CodingKeys: String, CodingKey {
            case tls, login, headers, body, defects, parts
            case mailFrom = "mail_from", recipients = "rcpt_tos", contentBase64 = "content_b64"
            case authMechanism = "auth_mechanism"
        }

        /// Decodes one message file of the peer (the content comes base64-encoded).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mailFrom = try container.decode(String.self, forKey: .mailFrom)
            recipients = try container.decode([String].self, forKey: .recipients)
            content = [UInt8](Data(base64Encoded: try container.decode(String.self, forKey: .contentBase64)) ?? Data())
            tls = try container.decode(Bool.self, forKey: .tls)
            authMechanism = try container.decodeIfPresent(String.self, forKey: .authMechanism)
            login = try container.decodeIfPresent(String.self, forKey: .login)
            headers = try container.decode([[String]].self, forKey: .headers)
            body = try container.decode(String.self, forKey: .body)
            defects = try container.decode([String].self, forKey: .defects)
            parts = try container.decodeIfPresent([Part].self, forKey: .parts) ?? []
        }
    }
}
