/// How to open a WebSocket connection.
package struct WebSocketOptions: Sendable {
    /// `ws://host[:port]/path?query` or `wss://...`.
    package var url: String
    /// A PEM file of CA certificates to trust instead of the system store (`wss://` only).
    package var caFile: String?
    /// Limit for DNS, TCP, proxy, TLS and the upgrade handshake together.
    package var connectTimeout: Duration
    /// How long `close()` waits for the server's close frame before dropping the connection.
    package var closeTimeout: Duration
    /// The largest message accepted after reassembly; a larger one ends the connection
    /// with `WebSocketError.messageTooBig`.
    package var maxMessageBytes: Int
    /// Bytes of received messages not yet taken from `messages` past which the connection stops
    /// reading the socket until the consumer catches up; nil: the same as `maxMessageBytes`.
    package var maxBufferedBytes: Int?
    /// The `User-Agent` header of the upgrade request.
    package var userAgent: String
    /// Extra request headers (e.g. `Origin`); the handshake's own headers cannot be overridden.
    package var headers: [String: String]
    /// The proxy to connect through (see ``ProxyURL``); nil: curl's default, the environment's.
    package var proxy: String?

    /// Options for `url`; every other setting has a default suited to a long-lived feed.
    package init(
        url: String,
        caFile: String? = nil,
        connectTimeout: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(2),
        maxMessageBytes: Int = 16 << 20,
        maxBufferedBytes: Int? = nil,
        userAgent: String = "satwatch",
        headers: [String: String] = [:],
        proxy: String? = nil
    ) {
        self.url = url
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.closeTimeout = closeTimeout
        self.maxMessageBytes = maxMessageBytes
        self.maxBufferedBytes = maxBufferedBytes
        self.userAgent = userAgent
        self.headers = headers
        self.proxy = proxy
    }
}
