import CCurl

/// A byte stream to the server that libcurl set up: DNS, proxy (the options' own, else the
/// environment's, as curl does by default), TCP and TLS with certificate and host name checks. `CONNECT_ONLY` stops
/// curl after connecting, so the upgrade request and frames are ours, sent with
/// `curl_easy_send`/`curl_easy_recv` on a non-blocking socket.
///
/// Owned by one thread: the curl handle must never be used from two at once.
final class WebSocketTransport {
    enum Received {
        case bytes(Int)
        case wouldBlock
        case endOfStream
    }

    private let easy: CurlEasy
    /// The connected socket, for `poll()`.
    let socket: Int32

    /// Connects to `url`'s `http(s)://` form; blocks for at most `options.connectTimeout`.
    init(url: WebSocketURL, options: WebSocketOptions) throws(WebSocketError) {
        do {
            easy = try CurlEasy()
            try easy.set(CURLOPT_URL, url.transportURL)
            try easy.set(CURLOPT_CONNECT_ONLY, 1)
            // Otherwise curl offers h2 in ALPN and a server choosing it cannot be upgraded.
            try easy.set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
            // Through an HTTP proxy, ws:// must be tunnelled too: the proxy cannot relay frames.
            try easy.set(CURLOPT_HTTPPROXYTUNNEL, 1)
            try easy.set(CURLOPT_CONNECTTIMEOUT_MS, Int(max(1, options.connectTimeout.roundedUpMilliseconds)))
            // Keep-alive probes find a dead peer on a connection that is otherwise silent.
            try easy.set(CURLOPT_TCP_KEEPALIVE, 1)
            try easy.set(CURLOPT_TCP_KEEPIDLE, 60)
            try easy.set(CURLOPT_TCP_KEEPINTVL, 20)
            if let caFile = options.caFile { try easy.set(CURLOPT_CAINFO, caFile) }
            // SOCKS: curl connects through the proxy, then stops; HTTP: the tunnel above.
            if let proxy = options.proxy { try easy.use(proxy: proxy) }
            try easy.check(curl_easy_perform(easy.handle))
        } catch {
            throw .transport(error)
        }
        socket = easy.infoSocket()
        guard socket >= 0 else { throw .transport(CurlError(code: -1, message: "no socket after connect")) }
    }

    /// Reads what is available into `buffer` without blocking.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(WebSocketError) -> Received {
        var count = 0
        let code = curl_easy_recv(easy.handle, buffer.baseAddress, buffer.count, &count)
        switch code {
        case CURLE_OK: return count == 0 ? .endOfStream : .bytes(count)
        case CURLE_AGAIN: return .wouldBlock
        default: throw .connectionLost(easy.error(code).description)
        }
    }

    /// Writes as much of `bytes` as the socket takes now; 0 means it would block.
    func send(_ bytes: UnsafeRawBufferPointer) throws(WebSocketError) -> Int {
        var count = 0
        let code = curl_easy_send(easy.handle, bytes.baseAddress, bytes.count, &count)
        switch code {
        case CURLE_OK: return count
        case CURLE_AGAIN: return 0
        default: throw .connectionLost(easy.error(code).description)
        }
    }
}
