/// One HTTP request as the channels build it: method, URL, headers, body and transport limits.
package struct HTTPRequest: Sendable {
    /// The method, e.g. `GET` or `POST`. Any token is sent as is.
    package var method: String
    /// An absolute `http://` or `https://` URL; other schemes are refused by the client.
    package var url: String
    /// Extra header fields. CR, LF and control characters are removed before sending.
    package var headers: HTTPHeaders
    /// The request body; sent with `Content-Length` for every method except `GET` and `HEAD`
    /// without a body.
    package var body: [UInt8]
    /// The whole exchange (connect, send, wait, receive) must finish within this time, else the
    /// client throws curl error 28. Values under 1 ms count as 1 ms (curl reads 0 as "never").
    package var timeout: Duration
    /// A PEM file of CA certificates to trust instead of the system store, for `https` only.
    package var caFile: String?
    /// The `User-Agent` value, e.g. `satwatch/1.2.0`. A `User-Agent` entry in `headers` wins.
    package var userAgent: String
    /// The proxy to go through (`socks5h://127.0.0.1:9050`, `http://proxy:3128`, see
    /// ``ProxyURL``); nil: curl's default, the environment's `https_proxy` and friends.
    package var proxy: String?

    /// Creates a request.
    package init(method: String = "GET", url: String, headers: HTTPHeaders = HTTPHeaders(),
                body: [UInt8] = [], timeout: Duration = .seconds(10), caFile: String? = nil,
                userAgent: String, proxy: String? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.caFile = caFile
        self.userAgent = userAgent
        self.proxy = proxy
    }
}
