import Foundation

extension SMTPPeer.Received {
    /// One leaf part of a multipart message as Python's `email` package read it.
    public struct Part: Decodable, Sendable {
        /// The media type, e.g. `image/png`.
        public var contentType: String
        /// `Content-ID`, with its angle brackets.
        public var contentID: String?
        /// `inline` or `attachment`, when the part has a `Content-Disposition`.
        public var disposition: String?
        /// The `filename` parameter.
        public var filename: String?
        /// The part's bytes after undoing its transfer encoding (base64, quoted-printable).
        public var payload: [UInt8]

        private enum CodingKeys: String, CodingKey {
            case disposition, filename
            case contentType = "content_type", contentID = "content_id", payloadBase64 = "payload_b64"
        }

        /// Decodes one part of a message file (the payload comes base64-encoded).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            contentType = try container.decode(String.self, forKey: .contentType)
            contentID = try container.decodeIfPresent(String.self, forKey: .contentID)
            disposition = try container.decodeIfPresent(String.self, forKey: .disposition)
            filename = try container.decodeIfPresent(String.self, forKey: .filename)
            payload = [UInt8](Data(base64Encoded: try container.decode(String.self, forKey: .payloadBase64)) ?? Data())
        }
    }
}
