import CCurl
import SatwatchBase

/// Owns one `CURL*` easy handle and its error buffer; cleans both up in `deinit`.
///
/// A handle must never be used from two threads at once: whoever holds a `CurlEasy` is its only
/// user (a dedicated thread, or one blocking call on a worker queue).
package final class CurlEasy {
    package let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The errno of the last socket curl could not open for this handle (0: none).
    private let socketErrno: UnsafeMutablePointer<Int32>
    private var lists: [UnsafeMutablePointer<curl_slist>] = []

    package init() throws(CurlError) {
        Curl.initialize()
        guard let handle = curl_easy_init() else {
            throw CurlError(code: Int(CURLE_FAILED_INIT.rawValue), message: "curl_easy_init failed")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        socketErrno = .allocate(capacity: 1)
        socketErrno.initialize(to: 0)
        applyBaseOptions()
    }

    /// Clears every option of the previous transfer for the next one, keeping what makes reuse
    /// worth it: open connections, the DNS cache and TLS sessions.
    package func reset() {
        curl_easy_reset(handle)
        for list in lists { curl_slist_free_all(list) }
        lists = []
        errorBuffer[0] = 0
        applyBaseOptions()
    }

    private func applyBaseOptions() {
        _ = satwatch_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        // Never let curl raise SIGALRM/SIGPIPE in a multi-threaded daemon.
        _ = satwatch_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        socketErrno.pointee = 0
        _ = satwatch_curl_keep_socket_errno(handle, socketErrno)
    }

    deinit {
        curl_easy_cleanup(handle)
        for list in lists { curl_slist_free_all(list) }
        errorBuffer.deallocate()
        socketErrno.deallocate()
    }

    /// The error for `code`, with curl's error buffer text when it has one; a socket that could
    /// not be opened for want of descriptors is named as such (and reported to
    /// `DescriptorShortage`), not left as "Couldn't connect to server".
    package func error(_ code: CURLcode) -> CurlError {
        let detail = String(cString: errorBuffer)
        let refused = socketErrno.pointee
        guard DescriptorShortage.isShortage(refused) else { return CurlError(code, detail: detail) }
        socketErrno.pointee = 0
        DescriptorShortage.process.refused("opening a socket", errno: refused)
        return CurlError(code, detail: "cannot open a socket: \(DescriptorShortage.errnoName(refused))")
    }

    package func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(satwatch_curl_setopt_long(handle, option, value))
    }

    package func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        // curl copies string options (since 7.17), so the temporary C string may go away.
        try check(value.withCString { satwatch_curl_setopt_string(handle, option, $0) })
    }

    package func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws(CurlError) {
        try check(satwatch_curl_setopt_pointer(handle, option, pointer))
    }

    /// Sets a string-list option (headers, recipients); the list lives as long as the handle.
    package func set(_ option: CURLoption, list values: [String]) throws(CurlError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for value in values { list = curl_slist_append(list, value) }
        if let list { lists.append(list) }
        try check(satwatch_curl_setopt_slist(handle, option, list))
    }

    package func infoLong(_ info: CURLINFO) -> Int {
        var value = 0
        _ = satwatch_curl_getinfo_long(handle, info, &value)
        return value
    }

    package func infoSocket() -> curl_socket_t {
        var socket: curl_socket_t = -1
        _ = satwatch_curl_getinfo_socket(handle, CURLINFO_ACTIVESOCKET, &socket)
        return socket
    }

    package func check(_ code: CURLcode) throws(CurlError) {
        if code != CURLE_OK { throw error(code) }
    }
}
