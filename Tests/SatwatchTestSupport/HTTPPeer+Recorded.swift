import Foundation

extension HTTPPeer {
    /// One request as the peer received it.
    public struct Recorded: Decodable, HeaderFields, Sendable {
        /// The request method.
        public var method: String
        /// The request target: path and query.
        public var path: String
        /// Header fields as `[name, value]`, in order.
        public var headers: [[String]]
        /// The body bytes.
        public var body: [UInt8]
        /// When the peer had read the whole request, in seconds on its monotonic clock (only
        /// differences between requests mean anything).
        public var receivedAt: Double
        /// The client's TCP port: two requests with the same one came over one connection.
        public var clientPort: Int

        private enum CodingKeys: String, CodingKey {
            case method, path, headers
            case bodyBase64 = "body_b64"
            case receivedAt = "received_at"
            case clientPort = "client_port"
        }

        /// Decodes one line of the peer's record (the body comes base64-encoded).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            method = try container.decode(String.self, forKey: .method)
            path = try container.decode(String.self, forKey: .path)
            headers = try container.decode([[String]].self, forKey: .headers)
            body = [UInt8](Data(base64Encoded: try container.decode(String.self, forKey: .bodyBase64)) ?? Data())
            receivedAt = try container.decode(Double.self, forKey: .receivedAt)
            clientPort = try container.decode(Int.self, forKey: .clientPort)
        }
    }
}
