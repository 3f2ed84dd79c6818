import BlockingPool
import CCurl
import SatwatchBase

/// Sends HTTP requests with libcurl, off the Swift cooperative pool, reusing connections.
///
/// Behaviour a caller can rely on:
/// - Redirects are **not** followed: a 3xx comes back as the response. Webhook URLs are
///   configured by hand, and silently re-sending an alert (or turning a POST into a GET, as
///   curl does on 301/302) to wherever a redirect points is worse than reporting it.
/// - A request's `proxy` is used for it; without one, proxies come from the environment as
///   curl reads them (`http_proxy`, `https_proxy`, `no_proxy`, ...). Only `http` and `https`
///   URLs are accepted (others: curl error 1).
/// - TLS peers are verified against the system store, or only `caFile` when the request has one.
/// - The response body is capped at `maxResponseBytes`; the rest is not downloaded.
/// - A task cancelled while waiting aborts its transfer within about a second (curl error 42).
/// - A request's `timeout` counts only the time the process ran (`AwakeTime`), kept to about a
///   second: a process stopped (SIGSTOP) while its receiver answered reads the answer when it
///   resumes, instead of timing out and sending the request again.
/// - Connections are kept alive between requests (up to two minutes idle, curl's default), so
///   the next request to the same host skips the TCP and TLS handshakes.
package struct HTTPClient: Sendable {
    /// The most body bytes kept from one response.
    package var maxResponseBytes: Int
    /// The longest wait for a TCP (and TLS) connection, within the request's own timeout.
    package var connectTimeout: Duration

    /// The threads the transfers run on.
    let pool: BlockingPool
    private let handles = CurlHandlePool(capacity: 4)

    /// Creates a client whose transfers run on `pool`. Copies of it share its kept-alive
    /// connections.
    package init(maxResponseBytes: Int = 1 << 20, connectTimeout: Duration = .seconds(10),
                 pool: BlockingPool = WorkerPools.transfers) {
        self.maxResponseBytes = maxResponseBytes
        self.connectTimeout = connectTimeout
        self.pool = pool
    }

    /// Sends `request` and returns the final response, whatever its status.
    ///
    /// Throws `CurlError` only when no complete response arrived: could not resolve (6) or
    /// connect (7), timeout (28), TLS failure (35, 60), unsupported scheme (1), cancelled (42),
    /// too many transfers waiting for a thread (81, `CurlError.refused`).
    package func send(_ request: HTTPRequest) async throws(CurlError) -> HTTPResponse {
        let flag = CancellationFlag()
        let client = self
        return try await BlockingCall.run(on: pool, flag: flag, failure: { $0 }) { () -> Result<HTTPResponse, CurlError> in
            Result { () throws(CurlError) in try client.perform(request, flag: flag) }
        }.get()
    }

    /// The blocking transfer, run on a thread of the pool.
    func perform(_ request: HTTPRequest, flag: CancellationFlag) throws(CurlError) -> HTTPResponse {
        let easy = try handles.take()
        let collector = HTTPResponseCollector(maxBodyBytes: maxResponseBytes)
        try easy.configureTransfer(protocols: "http,https", timeout: request.timeout,
                                   connectTimeout: connectTimeout, caFile: request.caFile, proxy: request.proxy)
        let watch = TransferWatch(flag: flag, limit: request.timeout)
        try easy.watch(watch)
        try easy.set(CURLOPT_URL, request.url)
        try easy.set(CURLOPT_FOLLOWLOCATION, 0)
        try easy.set(CURLOPT_USERAGENT, request.userAgent)
        try setMethodAndBody(request, on: easy)
        try easy.set(CURLOPT_HTTPHEADER, list: headerLines(request))
        try collector.attach(to: easy)

        let code = withExtendedLifetime((collector, watch)) { curl_easy_perform(easy.handle) }
        // A refused body (over the cap) still is a response: the status and headers arrived.
        if code != CURLE_OK && !(code == CURLE_WRITE_ERROR && collector.truncated) {
            throw watch.error(code, on: easy)
        }
        let response = HTTPResponse(status: easy.infoLong(CURLINFO_RESPONSE_CODE), headers: collector.headers,
                                    body: collector.body, bodyTruncated: collector.truncated)
        // Only a clean transfer leaves its connection worth keeping (curl closes a broken one).
        // Back in the pool, the handle is another request's at once (and reset, status and all),
        // so nothing is read from it after this.
        if code == CURLE_OK { handles.put(easy) }
        return response
    }

    private func setMethodAndBody(_ request: HTTPRequest, on easy: CurlEasy) throws(CurlError) {
        let method = request.method.uppercased()
        if method == "HEAD" {
            try easy.set(CURLOPT_NOBODY, 1)
        } else if method == "GET" && request.body.isEmpty {
            try easy.set(CURLOPT_HTTPGET, 1)
        } else {
            // curl sends POSTFIELDS for any method named by CUSTOMREQUEST; COPYPOSTFIELDS copies
            // the bytes, so the Swift array need not stay pinned during the transfer.
            try easy.check(satwatch_curl_setopt_off(easy.handle, CURLOPT_POSTFIELDSIZE_LARGE,
                                                    curl_off_t(request.body.count)))
            if request.body.isEmpty {
                // A NULL pointer would make curl read the body from a (missing) read callback.
                try easy.set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                try easy.check(request.body.withUnsafeBytes {
                    satwatch_curl_setopt_pointer(easy.handle, CURLOPT_COPYPOSTFIELDS,
                                                 UnsafeMutableRawPointer(mutating: $0.baseAddress))
                })
            }
            if method != "POST" { try easy.set(CURLOPT_CUSTOMREQUEST, method) }
        }
    }

    /// The caller's headers, sanitized, plus two overrides of curl defaults: no
    /// `Expect: 100-continue` (a one-second stall on servers that ignore it) and no invented
    /// `Content-Type: application/x-www-form-urlencoded` when the caller set none.
    private func headerLines(_ request: HTTPRequest) -> [String] {
        var lines = request.headers.compactMap(\.curlLine)
        lines.append("Expect:")
        if !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        return lines
    }
}
