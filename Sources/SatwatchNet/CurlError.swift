import BlockingPool
import CCurl

/// A failure reported by libcurl: its numeric `CURLcode` and the most specific text it gave.
package struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `CURLcode` value (e.g. 6 = could not resolve host, 7 = could not connect, 28 = timeout,
    /// 60 = untrusted certificate, 67 = login denied).
    package var code: Int
    /// libcurl's error buffer when set, else `curl_easy_strerror(code)`.
    package var message: String

    /// Creates an error from a code and message.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    init(_ code: CURLcode, detail: String = "") {
        self.code = Int(code.rawValue)
        let generic = String(cString: curl_easy_strerror(code))
        self.message = detail.isEmpty ? generic : detail
    }

    /// A transfer refused before it began because its pool's queue was full (or the pool was
    /// shut down): curl's "try again" (81), retried like any transport failure.
    static func refused(_ refusal: BlockingPool.Refusal) -> CurlError {
        CurlError(code: Int(CURLE_AGAIN.rawValue), message: "no thread free for the transfer: \(refusal)")
    }

    /// True for `CURLE_OPERATION_TIMEDOUT`.
    package var isTimeout: Bool { code == Int(CURLE_OPERATION_TIMEDOUT.rawValue) }

    package var description: String { "curl error \(code): \(message)" }
}
