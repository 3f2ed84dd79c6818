/// A `host:port` to listen on, e.g. `127.0.0.1:9464` or `[::1]:9464`; port 0 picks any free port.
/// `:9464` (no host) means every IPv4 interface, `0.0.0.0:9464`, as in Go and Prometheus.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// Host or IP literal (without brackets).
    package var host: String
    /// TCP port.
    package var port: UInt16

    /// Parses `host:port` or `:port`; nil when malformed.
    package init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "0.0.0.0" }
        self.host = host
        self.port = port
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Whether only this machine can connect: a loopback address or `localhost`.
    package var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
