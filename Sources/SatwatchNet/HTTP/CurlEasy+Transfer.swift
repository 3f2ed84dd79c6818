import CCurl

/// Options every satwatch transfer shares: timeouts, trusted CAs, allowed protocols and
/// cancellation.
extension CurlEasy {
    /// Applies a whole-transfer and a connect timeout, the CA file, a protocol allow-list and
    /// the proxy.
    ///
    /// The protocol list keeps a configured URL from reaching `file://` or any other scheme
    /// curl knows. The connect timeout never exceeds the total one.
    func configureTransfer(protocols: String, timeout: Duration, connectTimeout: Duration,
                           caFile: String?, proxy: String? = nil) throws(CurlError) {
        let total = Self.milliseconds(timeout)
        try set(CURLOPT_TIMEOUT_MS, total)
        try set(CURLOPT_CONNECTTIMEOUT_MS, min(total, Self.milliseconds(connectTimeout)))
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
    /// `CURLE_ABORTED_BY_CALLBACK` (42) once `flag` is raised. `flag` must outlive the transfer.
    func abort(when flag: CancellationFlag) throws(CurlError) {
        try check(satwatch_curl_setopt_xferinfo_function(handle) { context, _, _, _, _ in
            guard let context else { return 0 }
            return Unmanaged<CancellationFlag>.fromOpaque(context).takeUnretainedValue().isRaised ? 1 : 0
        })
        try set(CURLOPT_XFERINFODATA, pointer: Unmanaged.passUnretained(flag).toOpaque())
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
