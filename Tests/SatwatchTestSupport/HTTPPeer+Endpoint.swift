extension HTTPPeer {
    /// A path of the peer reserved for one test.
    public struct Endpoint: Sendable {
        /// The peer serving this endpoint.
        public let peer: HTTPPeer
        /// `/t/<uuid>`.
        public let path: String
        /// `?script=…`, which must be on the first request to the path.
        public let query: String

        /// The endpoint's URL with its script, for requests to exactly this URL.
        public func url(host: String = "127.0.0.1") -> String {
            base(host: host) + query
        }

        /// The endpoint's URL without a query, for clients that append a path (Telegram,
        /// Alertmanager); their requests get the default answer, 200 "ok".
        public func base(host: String = "127.0.0.1") -> String {
            "\(peer.tls ? "https" : "http")://\(host):\(peer.port)\(path)"
        }

        /// The requests made under this endpoint's path, oldest first.
        public func requests() throws -> [Recorded] {
            try peer.requests(id: String(path.dropFirst("/t/".count)))
        }
    }
}
