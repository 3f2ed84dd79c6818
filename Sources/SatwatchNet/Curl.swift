import CCurl

/// Process-wide libcurl initialisation. `curl_global_init` is not thread-safe and must run once
/// before any handle exists; every entry point that makes a handle calls `Curl.initialize()`.
package enum Curl {
    private static let once: Void = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
    }()

    /// Runs `curl_global_init` the first time it is called; later calls do nothing.
    package static func initialize() { _ = once }

    /// The libcurl version string, e.g. `7.88.1`.
    package static var version: String {
        String(cString: satwatch_curl_version_string())
    }
}
