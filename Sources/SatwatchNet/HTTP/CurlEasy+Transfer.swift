import CCurl

/// Options every satwatch transfer shares: timeouts, trusted CAs, allowed protocols and
/// cancellation.
extension CurlEasy {
    /// Applies a connect timeout, the CA file, a protocol allow-list and the proxy.
    ///
    /// The protocol list keeps a configured URL from reaching `file://` or any other scheme
    /// curl knows. The connect timeout never exceeds the whole transfer's `timeout`, which is
    /// not curl's to keep (see `watch(_:)`).
    func configureTransfer(protocols: String, timeout: Duration, connectTimeout: Duration,
                           caFile: String?, proxy: String? = nil) throws(CurlError) {
        try set(CURLOPT_CONNECTTIMEOUT_MS, min(Self.milliseconds(timeout), Self.milliseconds(connectTimeout)))
        try check(satwatch_curl_restrict_protocols(handle, protocols))
        if let caFile { try set(CURLOPT_CAINFO, caFile) }
        if let proxy { try use(proxy: proxy) }
    }

    /// Sends everything through `proxy` (a ``ProxyURL``): its scheme tells curl the kind
    /// (`socks5h` resolves names at the proxy, so a Tor proxy sees the host name and the local
    /// resolver never does). An explicit proxy also overrides `no_proxy` from the environment:
    /// the user asked for every connection to go through it.
    func use(proxy: String) throws(CurlError) {
        try set(CURLOPT_PROXY, proxy)
        try set(CURLOPT_NOPROXY, "")
    }

    /// Makes curl call back about once a second, even while idle, and abort with
    /// `CURLE_ABORTED_BY_CALLBACK` (42) once `watch` says so: its task was cancelled, or its
    /// awake time ran out (`TransferWatch.error` then reports curl's timeout, 28). curl's own
    /// whole-transfer timeout stays off: it counts a stopped process's time as waiting.
    /// `watch` must outlive the transfer.
    func watch(_ watch: TransferWatch) throws(CurlError) {
        try check(satwatch_curl_setopt_xferinfo_function(handle) { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<TransferWatch>.fromOpaque(context).takeUnretainedValue().shouldAbort(at: .now) ? 1 : 0
        })
        try set(CURLOPT_XFERINFODATA, pointer: Unmanaged.passUnretained(watch).toOpaque())
        try set(CURLOPT_NOPROGRESS, 0)
    }

    /// `duration` in whole milliseconds, at least 1: curl reads 0 as "no timeout".
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 1 }
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return Int.max }
        return max(1, Int(millis + attoseconds / 1_000_000_000_000_000))
    }
}
