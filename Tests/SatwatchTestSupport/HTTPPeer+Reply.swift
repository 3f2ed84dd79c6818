extension HTTPPeer {
    /// One scripted response, given in script order.
    public struct Reply: Encodable, Sendable {
        /// The status code.
        public var status: Int
        /// Header fields as `[name, value]`.
        public var headers: [[String]]
        /// The body text (ignored when `bodySize` > 0).
        public var body: String
        /// When > 0, the body is this many "x" bytes instead of `body`.
        public var bodySize: Int
        /// Seconds the peer waits before answering.
        public var delay: Double
        /// Whether the peer appends the request's path and query to `body`, as a router's
        /// `Cannot POST /hooks/<token>` does.
        public var echo: Bool

        /// A reply of `status`; by default with no headers, an empty body and no delay.
        public init(status: Int, headers: [[String]] = [], body: String = "", bodySize: Int = 0, delay: Double = 0,
                    echo: Bool = false) {
            self.status = status
            self.headers = headers
            self.body = body
            self.bodySize = bodySize
            self.delay = delay
        self.echo = echo
        }

        private enum CodingKeys: String, CodingKey {
            case status, headers, body, delay, echo
            case bodySize = "body_size"
        }
    }
}
